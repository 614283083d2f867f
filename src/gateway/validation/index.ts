/**
 * Validation of every request before it is sent. Each validator throws a
 * GatewayError of kind 'validation' for the first rule a request breaks,
 * naming the field, the value given and what is allowed.
 */
export { validateChatRequest } from './chat';
export { validateImageRequest, type ImageCapability } from './images';
export { validateVideoRequest, type VideoCapability } from './videos';
export { validateTaskRequest } from './tasks';
export { validateTaskId } from './taskId';
export { validateSpeechRequest } from './speech';
export { VOICES, type Voice } from './limits';
