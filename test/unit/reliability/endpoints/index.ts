/** Every endpoint of the gateway, each called through the layer of the feature that uses it. */
import { chatCompletion, chatViewStream, toolCallStream } from './chatEndpoints';
import type { Endpoint } from './endpoint';
import { imageAsBase64, imageAsLink, signedLinkDownload, videoAsBase64, videoAsLink } from './mediaEndpoints';
import { speechFile } from './speechEndpoint';
import { taskCreation, taskDeletion, taskList, taskResultDownload, taskStatus } from './taskEndpoints';
import { modelList } from './modelEndpoint';

export const ENDPOINTS: ReadonlyArray<() => Endpoint> = [
  modelList,
  chatCompletion,
  chatViewStream,
  toolCallStream,
  imageAsBase64,
  imageAsLink,
  videoAsBase64,
  videoAsLink,
  signedLinkDownload,
  taskCreation,
  taskStatus,
  taskList,
  taskDeletion,
  taskResultDownload,
  speechFile,
];
