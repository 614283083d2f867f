/**
 * The `content` of a video task: its items, its one text item and the input
 * mode its images make (text only, first frame, first and last frames, or
 * reference images; the image modes cannot be mixed).
 */
import { t } from '../../l10n/localize';
import { TASK_MAX_REFERENCES, TASK_ROLES, type TaskMode } from './limits';
import { imageUrl } from './media';
import { fail, oneOf, requiredArray, requiredObject, unsupported } from './rules';

export interface TaskContent {
  mode: TaskMode;
  /** The text item, when there is one. */
  text?: { index: number; value: string };
  /** What a refusal of the mode names: the image role that sets it, or `content` for text only. */
  modeField: string;
  modeValue: unknown;
}

type ImageFamily = 'plain' | 'frames' | 'references';

interface ImageItem {
  index: number;
  role: string | undefined;
}

function familyLabel(family: ImageFamily): string {
  if (family === 'plain') return t('one image without a role');
  return family === 'frames' ? t('"first_frame" / "last_frame" images') : t('"reference_image" images');
}

export function readTaskContent(content: unknown): TaskContent {
  const items = requiredArray('content', content, 1, Infinity);
  let text: TaskContent['text'];
  const images: ImageItem[] = [];
  items.forEach((item, index) => {
    const field = `content[${index}]`;
    const entry = requiredObject(field, item, t('a content item of type "text" or "image_url"'));
    oneOf(`${field}.type`, entry.type, ['text', 'image_url'], { required: true });
    if (entry.type === 'text') {
      if (text) fail(`${field}.type`, entry.type, t('one text item at most'), t('content[{0}] is a text item too', text.index));
      if (typeof entry.text !== 'string') fail(`${field}.text`, entry.text, t('a text'));
      unsupported(`${field}.role`, entry.role, t('no role on a text item'));
      text = { index, value: entry.text };
      return;
    }
    const image = requiredObject(`${field}.image_url`, entry.image_url, t('an object holding url'));
    imageUrl(`${field}.image_url.url`, image.url);
    oneOf(`${field}.role`, entry.role, TASK_ROLES);
    images.push({ index, role: entry.role === undefined ? undefined : String(entry.role) });
  });
  return { text, ...imageMode(images) };
}

function familyOf(role: string | undefined): ImageFamily {
  if (role === undefined) return 'plain';
  return role === 'reference_image' ? 'references' : 'frames';
}

function roleField(image: ImageItem): string {
  return `content[${image.index}].role`;
}

function imageMode(images: ImageItem[]): Pick<TaskContent, 'mode' | 'modeField' | 'modeValue'> {
  if (images.length === 0) return { mode: 'text', modeField: 'content', modeValue: t('text only') };
  const family = familyOf(images[0].role);
  for (const image of images) {
    if (familyOf(image.role) !== family) {
      const like = `content[${images[0].index}]: ${familyLabel(family)}`;
      fail(roleField(image), image.role, t('images of one mode only, like {0}', like));
    }
  }
  if (family === 'plain') {
    if (images.length > 1) {
      fail(roleField(images[1]), undefined, t('{0}; give roles to several images', familyLabel('plain')));
    }
    return { mode: 'first-frame', modeField: roleField(images[0]), modeValue: undefined };
  }
  if (family === 'references') {
    if (images.length > TASK_MAX_REFERENCES) {
      const extra = images[TASK_MAX_REFERENCES];
      fail(roleField(extra), extra.role, t('at most {0} "reference_image" images', TASK_MAX_REFERENCES));
    }
    return { mode: 'references', modeField: roleField(images[0]), modeValue: 'reference_image' };
  }
  return framesMode(images);
}

function framesMode(images: ImageItem[]): Pick<TaskContent, 'mode' | 'modeField' | 'modeValue'> {
  images.forEach((image, i) => {
    const repeated = images.findIndex((other) => other.role === image.role) !== i;
    if (repeated) fail(roleField(image), image.role, t('one "{0}" image', String(image.role)));
  });
  const last = images.find((image) => image.role === 'last_frame');
  if (!last) return { mode: 'first-frame', modeField: roleField(images[0]), modeValue: 'first_frame' };
  if (images.length === 1) {
    fail(roleField(last), last.role, t('a "last_frame" image only together with a "first_frame" image'));
  }
  return { mode: 'first-last', modeField: roleField(last), modeValue: 'last_frame' };
}
