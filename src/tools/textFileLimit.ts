/** Larger files are not read or searched as text (a build artefact, a data dump). */
export const MAX_TEXT_FILE_BYTES = 2 * 1024 * 1024;
