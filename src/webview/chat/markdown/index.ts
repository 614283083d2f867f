/** Markdown for the chat webview: engine, incremental renderer and DOM binding. */
export { createMarkdownEngine, renderMarkdown } from './markdownEngine';
export { IncrementalMarkdown, type MarkdownUpdate } from './incrementalMarkdown';
export { installLinkHandler, renderStaticMarkdown, StreamingMessageView, type StreamingMessageViewOptions } from './streamingMessageView';
