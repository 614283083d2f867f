/** The forms of POST /v1/videos/generation: V2, V3 and V3.1 variants. */
import { CAPABILITY_LABELS } from '../../gateway/catalog';
import type { VideoCapability } from '../../gateway/validation';
import {
  VIDEO_ASPECT_RATIOS,
  VIDEO_COMPRESSION_QUALITIES,
  VIDEO_DURATIONS,
  VIDEO_IMAGE_MIME_TYPES,
  VIDEO_INPUT_IMAGE_MAX_BYTES,
  VIDEO_INPUT_VIDEO_MAX_BYTES,
  VIDEO_LONGEST_DURATION,
  VIDEO_MAX_REFERENCES,
  VIDEO_OUTPUT_FORMATS,
  VIDEO_PERSON_GENERATION,
  VIDEO_RESIZE_MODES,
  VIDEO_RESOLUTIONS,
  VIDEO_SEED,
  VIDEO_V2_N,
  VIDEO_V3_N,
  VIDEO_VIDEO_MIME_TYPES,
} from '../../gateway/validation/limits';
import { t } from '../../l10n/localize';
import { type FilesField, type FormField, type FormValues, type MediaForm, filePaths, integerChoices } from './formFields';

const imageInput = (key: string, label: string, help: string, max = 1): FilesField => ({
  kind: 'files',
  key,
  label,
  help,
  max,
  mimeTypes: VIDEO_IMAGE_MIME_TYPES,
  maxBytes: VIDEO_INPUT_IMAGE_MAX_BYTES,
});

function v2Form(): MediaForm {
  const fields: readonly FormField[] = [
    {
      kind: 'choice',
      key: 'n',
      label: t('Videos'),
      help: t('How many videos to generate'),
      choices: integerChoices(VIDEO_V2_N.min, VIDEO_V2_N.max),
      default: 1,
    },
    { kind: 'toggle', key: 'enhance_prompt', label: t('Enhance prompt'), help: t('Let the model rewrite the prompt in more detail') },
  ];
  return { kind: 'video', variant: 'video-v2', label: CAPABILITY_LABELS['video-v2'], fields: () => fields, needsPrompt: () => true };
}

function v3Form(variant: 'video-v3' | 'video-v3.1'): MediaForm {
  const isV31 = variant === 'video-v3.1';
  const hasImage = (values: FormValues): boolean => filePaths(values, 'image').length > 0;
  return {
    kind: 'video',
    variant,
    label: CAPABILITY_LABELS[variant],
    // The spec makes the prompt optional for image-to-video only.
    needsPrompt: (values) => !hasImage(values),
    fields(values: FormValues): FormField[] {
      const withImage = hasImage(values);
      const withReferences = isV31 && filePaths(values, 'reference_images').length > 0;
      // Reference images, and 1080p, need the longest duration.
      const durations = withReferences ? [VIDEO_LONGEST_DURATION] : VIDEO_DURATIONS;
      const longest = (values.duration ?? VIDEO_LONGEST_DURATION) === VIDEO_LONGEST_DURATION;
      return [
        {
          kind: 'choice',
          key: 'n',
          label: t('Videos'),
          help: t('How many videos to generate'),
          choices: integerChoices(VIDEO_V3_N.min, VIDEO_V3_N.max),
          default: 1,
        },
        imageInput(
          'image',
          t('First frame'),
          isV31 ? t('An image the video starts from (or the first frame, with a last frame)') : t('An image the video starts from'),
        ),
        ...(isV31 && withImage ? [imageInput('last_frame', t('Last frame'), t('An image the video ends on: a transition from the first frame'))] : []),
        ...(isV31
          ? [imageInput('reference_images', t('Reference images'), t('Up to {0} images of a subject to show', VIDEO_MAX_REFERENCES), VIDEO_MAX_REFERENCES)]
          : []),
        {
          kind: 'files',
          key: 'video',
          label: t('Video to extend'),
          help: t('A generated video to continue by about 7 seconds'),
          max: 1,
          mimeTypes: VIDEO_VIDEO_MIME_TYPES,
          maxBytes: VIDEO_INPUT_VIDEO_MAX_BYTES,
        },
        { kind: 'toggle', key: 'generate_audio', label: t('Audio'), help: t('Generate sound with the video'), default: true },
        {
          kind: 'choice',
          key: 'duration',
          label: t('Duration (seconds)'),
          help: t('Length of the video'),
          choices: durations,
          default: VIDEO_LONGEST_DURATION,
        },
        {
          kind: 'choice',
          key: 'resolution',
          label: t('Resolution'),
          help: t('1080p needs a duration of {0} seconds', VIDEO_LONGEST_DURATION),
          choices: longest ? VIDEO_RESOLUTIONS : VIDEO_RESOLUTIONS.filter((r) => r !== '1080p'),
          default: VIDEO_RESOLUTIONS[0],
        },
        {
          kind: 'choice',
          key: 'aspect_ratio',
          label: t('Aspect ratio'),
          help: t('Landscape or portrait'),
          choices: VIDEO_ASPECT_RATIOS,
          default: VIDEO_ASPECT_RATIOS[0],
        },
        {
          kind: 'integer',
          key: 'seed',
          label: t('Seed'),
          help: t('The same seed, prompt and options give similar videos; empty: random'),
          min: VIDEO_SEED.min,
          max: VIDEO_SEED.max,
        },
        { kind: 'text', key: 'negative_prompt', label: t('Negative prompt'), help: t('What the video should not show') },
        {
          kind: 'choice',
          key: 'person_generation',
          label: t('People'),
          help: t('Whether people may appear'),
          choices: VIDEO_PERSON_GENERATION,
          default: VIDEO_PERSON_GENERATION[0],
        },
        ...(withImage
          ? [
              {
                kind: 'choice',
                key: 'resize_mode',
                label: t('Resize mode'),
                help: t('How the first frame is fitted: padded or cropped'),
                choices: VIDEO_RESIZE_MODES,
                default: VIDEO_RESIZE_MODES[0],
              } satisfies FormField,
            ]
          : []),
        {
          kind: 'choice',
          key: 'compression_quality',
          label: t('Compression'),
          help: t('Output compression'),
          choices: VIDEO_COMPRESSION_QUALITIES,
          default: VIDEO_COMPRESSION_QUALITIES[0],
        },
        {
          kind: 'choice',
          key: 'output_format',
          label: t('Output format'),
          help: t('base64: the video inside the answer; url: a link, downloaded at once because it expires'),
          choices: VIDEO_OUTPUT_FORMATS,
          default: VIDEO_OUTPUT_FORMATS[0],
        },
      ];
    },
  };
}

export function videoForm(variant: VideoCapability): MediaForm {
  return variant === 'video-v2' ? v2Form() : v3Form(variant);
}
