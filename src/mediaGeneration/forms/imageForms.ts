/** The forms of POST /v1/images/generations: basic, 4.0 and 4.5 variants. */
import { CAPABILITY_LABELS } from '../../gateway/catalog';
import { type ImageCapability, validateImageRequest } from '../../gateway/validation';
import {
  IMAGE_BASIC_STYLES,
  IMAGE_REFERENCE_MAX_BYTES,
  IMAGE_RESPONSE_FORMATS,
  IMAGE_SEED,
  IMAGE_SEQUENTIAL_MODES,
  IMAGE_SET_MAX,
  SEEDREAM_LIMITS,
} from '../../gateway/validation/limits';
import { refusalOf } from './refusal';
import { t } from '../../l10n/localize';
import { type ChoiceField, type FormField, type FormValues, type MediaForm, filePaths, integerChoices } from './formFields';

const responseFormat = (defaultFormat: string | undefined): ChoiceField => ({
  kind: 'choice',
  key: 'response_format',
  label: t('Response format'),
  help: t('url: a link, downloaded at once because it expires; b64_json: the image inside the answer'),
  choices: IMAGE_RESPONSE_FORMATS,
  default: defaultFormat,
});

const BASIC_FIELDS: readonly FormField[] = [
  {
    kind: 'choice',
    key: 'style',
    label: t('Style'),
    help: t('A style preset, or a style of your own'),
    choices: IMAGE_BASIC_STYLES,
    custom: { prompt: t('Style to send'), check: (value) => (value.trim() === '' ? t('Enter a style') : undefined) },
  },
  // The spec gives the basic model no default format: the gateway's applies unless one is chosen.
  responseFormat(undefined),
];

function basicForm(): MediaForm {
  return {
    kind: 'image',
    variant: 'image-basic',
    label: CAPABILITY_LABELS['image-basic'],
    fields: () => BASIC_FIELDS,
    needsPrompt: () => true,
  };
}

function seedreamForm(variant: 'image-4.0' | 'image-4.5'): MediaForm {
  const limits = SEEDREAM_LIMITS[variant];
  const inputImages: FormField = {
    kind: 'files',
    key: 'image',
    label: t('Input images'),
    help: t('One image to edit, or 2 to {0} as references', limits.maxReferences),
    max: limits.maxReferences,
    mimeTypes: limits.dataUrlTypes.map((type) => `image/${type}`),
    maxBytes: IMAGE_REFERENCE_MAX_BYTES,
  };
  const size: ChoiceField = {
    kind: 'choice',
    key: 'size',
    label: t('Size'),
    help:
      variant === 'image-4.5'
        ? t('A named size, or width x height of at least 2560x1440 pixels')
        : t('A named size, or width x height of at least 1024x1024 pixels'),
    choices: limits.sizes,
    default: limits.sizes[0],
    custom: {
      prompt:
        variant === 'image-4.5'
          ? t('Size as WIDTHxHEIGHT, at least 3686400 pixels, e.g. 2560x1440')
          : t('Size as WIDTHxHEIGHT, from 1024x1024 to 4096x4096 pixels, e.g. 1280x960'),
      check: (value) => refusalOf(() => validateImageRequest({ model: variant, prompt: '-', size: value }, variant)),
    },
  };
  return {
    kind: 'image',
    variant,
    label: CAPABILITY_LABELS[variant],
    needsPrompt: () => true,
    fields(values: FormValues): FormField[] {
      const references = filePaths(values, 'image').length;
      const sequential = values.sequential_image_generation === 'auto';
      return [
        inputImages,
        {
          kind: 'choice',
          key: 'sequential_image_generation',
          label: t('Sequential generation'),
          help: t('auto: the model may return a set of related images'),
          choices: IMAGE_SEQUENTIAL_MODES,
          default: 'disabled',
        },
        ...(sequential
          ? [
              {
                kind: 'choice',
                key: 'max_images',
                label: t('Max images'),
                help: t('At most this many images in the set; input and generated images are at most {0} together', IMAGE_SET_MAX),
                choices: integerChoices(1, IMAGE_SET_MAX - references),
              } satisfies ChoiceField,
            ]
          : []),
        size,
        ...(limits.takesSeed
          ? [
              {
                kind: 'integer',
                key: 'seed',
                label: t('Seed'),
                help: t('The same seed, prompt and options give similar images; empty: random'),
                min: IMAGE_SEED.min,
                max: IMAGE_SEED.max,
              } satisfies FormField,
            ]
          : []),
        { kind: 'toggle', key: 'watermark', label: t('Watermark'), help: t('Mark the image as generated'), default: true },
        responseFormat('url'),
      ];
    },
  };
}

export function imageForm(variant: ImageCapability): MediaForm {
  return variant === 'image-basic' ? basicForm() : seedreamForm(variant);
}
