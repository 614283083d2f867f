/** A markdown engine that counts the characters it parses and renders. */
import type MarkdownIt from 'markdown-it';
import { createMarkdownEngine } from '../../../src/webview/chat/markdown/markdownEngine';

export interface WorkCount {
  /** Characters handed to the block parser, the inline parser, and produced by the renderer. */
  blockParsed: number;
  inlineParsed: number;
  rendered: number;
  highlighted: number;
}

export function countingEngine(): { engine: MarkdownIt; work: WorkCount } {
  const engine = createMarkdownEngine();
  const work: WorkCount = { blockParsed: 0, inlineParsed: 0, rendered: 0, highlighted: 0 };
  const blockParse = engine.block.parse.bind(engine.block);
  engine.block.parse = (src, md, env, tokens) => {
    work.blockParsed += src.length;
    blockParse(src, md, env, tokens);
  };
  const inlineParse = engine.inline.parse.bind(engine.inline);
  engine.inline.parse = (src, md, env, tokens) => {
    work.inlineParsed += src.length;
    inlineParse(src, md, env, tokens);
  };
  const render = engine.renderer.render.bind(engine.renderer);
  engine.renderer.render = (tokens, options, env) => {
    const html = render(tokens, options, env);
    work.rendered += html.length;
    return html;
  };
  const fence = engine.renderer.rules.fence!;
  engine.renderer.rules.fence = (tokens, idx, options, env, self) => {
    work.highlighted += tokens[idx]!.content.length;
    return fence(tokens, idx, options, env, self);
  };
  return { engine, work };
}
