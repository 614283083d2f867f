/**
 * Ends a switch over a webview's messages: compiling fails while a message
 * type of the protocol has no case. The message readers drop unknown types,
 * so reaching this at run time is a bug; the throw gets it logged (by type
 * only: a message may carry the user's text).
 */
/* not shown: a bug, logged */
export function unhandledMessage(message: never): never {
  throw new Error(`No handler for the webview message of type ${JSON.stringify((message as { type?: unknown }).type)}.`);
}
