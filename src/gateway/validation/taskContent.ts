/**
 * The `content` of a video task: its items, its one text item and the input
 * mode its images make (text only, first frame, first and last frames, or
 * reference images; the image modes cannot be mixed).
 */
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

const FAMILY_LABELS: Record<ImageFamily, string> = {
  plain: 'one image without a role',
  frames: '"first_frame" / "last_frame" images',
  references: '"reference_image" images',
};

export function readTaskContent(content: unknown): TaskContent {
  const items = requiredArray('content', content, 1, Infinity);
  let text: TaskContent['text'];
  const images: ImageItem[] = [];
  items.forEach((item, index) => {
    const field = `content[${index}]`;
    const entry = requiredObject(field, item, 'a content item of type "text" or "image_url"');
    oneOf(`${field}.type`, entry.type, ['text', 'image_url'], { required: true });
    if (entry.type === 'text') {
      if (text) fail(`${field}.type`, entry.type, 'one text item at most', `content[${text.index}] is a text item too`);
      if (typeof entry.text !== 'string') fail(`${field}.text`, entry.text, 'a text');
      unsupported(`${field}.role`, entry.role, 'no role on a text item');
      text = { index, value: entry.text };
      return;
    }
    const image = requiredObject(`${field}.image_url`, entry.image_url, 'an object holding url');
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
  if (images.length === 0) return { mode: 'text', modeField: 'content', modeValue: 'text only' };
  const family = familyOf(images[0].role);
  for (const image of images) {
    if (familyOf(image.role) !== family) {
      const like = `content[${images[0].index}]: ${FAMILY_LABELS[family]}`;
      fail(roleField(image), image.role, `images of one mode only, like ${like}`);
    }
  }
  if (family === 'plain') {
    if (images.length > 1) {
      fail(roleField(images[1]), undefined, `${FAMILY_LABELS.plain}; give roles to several images`);
    }
    return { mode: 'first-frame', modeField: roleField(images[0]), modeValue: undefined };
  }
  if (family === 'references') {
    if (images.length > TASK_MAX_REFERENCES) {
      const extra = images[TASK_MAX_REFERENCES];
      fail(roleField(extra), extra.role, `at most ${TASK_MAX_REFERENCES} "reference_image" images`);
    }
    return { mode: 'references', modeField: roleField(images[0]), modeValue: 'reference_image' };
  }
  return framesMode(images);
}

function framesMode(images: ImageItem[]): Pick<TaskContent, 'mode' | 'modeField' | 'modeValue'> {
  images.forEach((image, i) => {
    const repeated = images.findIndex((other) => other.role === image.role) !== i;
    if (repeated) fail(roleField(image), image.role, `one "${image.role}" image`);
  });
  const last = images.find((image) => image.role === 'last_frame');
  if (!last) return { mode: 'first-frame', modeField: roleField(images[0]), modeValue: 'first_frame' };
  if (images.length === 1) {
    fail(roleField(last), last.role, 'a "last_frame" image only together with a "first_frame" image');
  }
  return { mode: 'first-last', modeField: roleField(last), modeValue: 'last_frame' };
}
