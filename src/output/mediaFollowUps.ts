/**
 * What can be made next from a generated file, as the Media Generation
 * feature's guided flows do it from the Explorer's context menu. Implemented
 * by that feature, wired in extension.ts, used by the chat's media cards.
 */
export interface MediaFollowUps {
  /** A new image from this one and a prompt (the image as the reference). */
  editImage(file: string): Promise<unknown>;
  /** A video starting from this image. */
  useAsFirstFrame(file: string): Promise<unknown>;
  /** A video continuing this one from its last frame. */
  extendVideo(file: string): Promise<unknown>;
}
