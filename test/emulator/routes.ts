/** Every endpoint of the emulated gateway. */

import { chatRoute } from './chat/chat-route';
import type { Route } from './core/router';
import { imagesRoute } from './images/images-route';
import { filesRoutes } from './links/files-route';
import { modelsRoutes } from './models/models-route';
import { speechRoute, voicesRoute } from './speech/speech-route';
import { tasksRoutes } from './tasks/tasks-route';
import { videosRoute } from './videos/videos-route';

export const ROUTES: readonly Route[] = [...modelsRoutes, chatRoute, imagesRoute, videosRoute, ...tasksRoutes, speechRoute, voicesRoute, ...filesRoutes];
