/** The ids of the video task commands (package.json declares them with these ids). */
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
