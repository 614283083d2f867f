/**
 * The ids of the media features' commands (package.json declares them with
 * these ids): the features register them, MediaActions and the @gateway
 * participant call them.
 */

export const MEDIA_COMMANDS = {
  generateImage: 'genaiGateway.generateImage',
  generateVideo: 'genaiGateway.generateVideo',
  editImage: 'genaiGateway.editImage',
  useAsFirstFrame: 'genaiGateway.useAsFirstFrame',
  extendVideo: 'genaiGateway.extendVideo',
} as const;

export const READ_ALOUD_COMMANDS = {
  readSelection: 'genaiGateway.readAloud.readSelection',
  readFile: 'genaiGateway.readAloud.readFile',
  stop: 'genaiGateway.readAloud.stop',
  saveSelection: 'genaiGateway.readAloud.saveSelection',
  selectVoice: 'genaiGateway.readAloud.selectVoice',
} as const;

export const TASK_COMMANDS = {
  create: 'genaiGateway.tasks.create',
  refresh: 'genaiGateway.tasks.refresh',
  filter: 'genaiGateway.tasks.filter',
  loadMore: 'genaiGateway.tasks.loadMore',
  openResult: 'genaiGateway.tasks.openResult',
  download: 'genaiGateway.tasks.download',
  copyId: 'genaiGateway.tasks.copyId',
  cancel: 'genaiGateway.tasks.cancel',
  delete: 'genaiGateway.tasks.delete',
  retry: 'genaiGateway.tasks.retry',
  showRequest: 'genaiGateway.tasks.showRequest',
} as const;

export const TASKS_VIEW_ID = 'genaiGateway.tasks';
