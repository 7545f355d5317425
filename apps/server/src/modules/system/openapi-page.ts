// The API reference page at /api/docs: the OpenAPI document rendered once as plain HTML, with no
// script and no outside files (the CSP allows 'self' only; production tests have no internet).

/** The parts of an OpenAPI 3.1 document this page reads. */
export interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
}

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Inline `code` in the document's descriptions. */
const prose = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A short type for a schema: 'string (uuid)', 'integer', '"a" | "b"', 'Item[]', 'object'. */
export function typeLabel(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union && depth < 3) return union.map((s) => typeLabel(s, depth + 1)).join(' | ');
  if (schema.allOf && depth < 3) return schema.allOf.map((s) => typeLabel(s, depth + 1)).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const labels = types.map((t) => {
    if (t === 'array') return `${typeLabel(schema.items, depth + 1)}[]`;
    if (t === 'string' && schema.format) return `string (${schema.format})`;
    if (t === 'object' && schema.properties && depth < 1) {
      const keys = Object.keys(schema.properties);
      return `{ ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''} }`;
    }
    return t;
  });
  return labels.join(' | ') || 'any';
}

/** Limits worth knowing when writing a request: ranges, lengths, patterns, defaults. */
function constraints(s: JsonSchema | undefined): string {
  if (!s) return '';
  const out: string[] = [];
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
  if (s.minLength !== undefined && s.minLength > 0) out.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`min items ${s.minItems}`);
  if (s.maxItems !== undefined) out.push(`max items ${s.maxItems}`);
  if (s.pattern && !s.format) out.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out.join(', ');
}

function fieldRows(rows: { name: string; where?: string; required: boolean; schema?: JsonSchema }[]) {
  return rows
    .map(
      (r) =>
        `<tr><td><code>${esc(r.name)}</code>${r.required ? ' <span class="req">required</span>' : ''}</td>${
          r.where === undefined ? '' : `<td>${esc(r.where)}</td>`
        }<td><code class="type">${esc(typeLabel(r.schema))}</code></td><td>${esc(
          [r.schema?.description, constraints(r.schema)].filter(Boolean).join(' · '),
        )}</td></tr>`,
    )
    .join('');
}

function table(head: string[], body: string) {
  return `<div class="scroll"><table><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function requestBody(op: Operation): string {
  const content = op.requestBody?.content;
  if (!content) return '';
  const [type, media] = Object.entries(content)[0] ?? [];
  const schema = media?.schema;
  const props = schema?.properties;
  const inner = props
    ? table(
        ['Field', 'Type', 'Notes'],
        fieldRows(
          Object.entries(props).map(([name, s]) => ({
            name,
            required: schema?.required?.includes(name) ?? false,
            schema: s,
          })),
        ),
      )
    : `<p><code class="type">${esc(typeLabel(schema))}</code></p>`;
  return `<h4>Request body <span class="muted">${esc(type ?? '')}</span></h4>${inner}`;
}

function responses(op: Operation): string {
  const rows = Object.entries(op.responses ?? {})
    .map(([code, r]) => {
      const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
      const shape = media ? `<code class="type">${esc(typeLabel(media.schema))}</code>` : '';
      return `<tr><td><span class="code c${esc(code[0])}">${esc(code)}</span></td><td>${esc(
        r.description ?? '',
      )}</td><td>${type ? `<span class="muted">${esc(type)}</span> ` : ''}${shape}</td></tr>`;
    })
    .join('');
  return rows ? `<h4>Responses</h4>${table(['Status', 'Meaning', 'Body'], rows)}` : '';
}

function operation(method: string, path: string, op: Operation): string {
  const id = slug(`${method} ${path}`);
  const params = op.parameters ?? [];
  const needsSession = (op.security ?? []).some((s) => 'session' in s);
  return `<section class="op" id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h"><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${esc(path)}</code></h3>
<p class="summary">${esc(op.summary ?? '')}${needsSession ? ' <span class="badge">Session cookie</span>' : ''}</p>
${op.description ? `<p>${prose(op.description)}</p>` : ''}
${
  params.length > 0
    ? `<h4>Parameters</h4>${table(
        ['Name', 'In', 'Type', 'Notes'],
        fieldRows(
          params.map((p) => ({
            name: p.name,
            where: p.in,
            required: p.required ?? false,
            schema: p.description ? { ...p.schema, description: p.description } : p.schema,
          })),
        ),
      )}`
    : ''
}${requestBody(op)}${responses(op)}
</section>`;
}

const STYLE = `
:root{color-scheme:light;--ink:#0f172a;--muted:#475569;--line:#e2e8f0;--bg:#f8fafc;--card:#fff;--accent:#0b5cad}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
header{background:var(--ink);color:#fff;padding:2rem 1.25rem}
header a{color:#bfdbfe}
header p{margin:.5rem 0 0;max-width:48rem;color:#e2e8f0}
.wrap{max-width:72rem;margin:0 auto}
h1{margin:0;font-size:1.75rem}
.layout{display:grid;grid-template-columns:15rem 1fr;gap:2rem;padding:1.5rem 1.25rem 4rem}
nav{position:sticky;top:1rem;align-self:start;font-size:.95rem}
nav ul{list-style:none;margin:0;padding:0}
nav li{margin:0 0 .3rem;break-inside:avoid}
nav a{display:flex;justify-content:space-between;gap:.5rem;padding:.3rem .5rem;border-radius:.375rem;text-decoration:none;color:var(--ink)}
nav a:hover,nav a:focus-visible{background:#e2e8f0}
nav .n{color:var(--muted)}
h2{font-size:1.35rem;margin:2rem 0 .25rem;padding-top:.5rem}
h2+p{margin:0 0 1rem;color:var(--muted)}
.op{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1rem 1.25rem;margin:0 0 1rem;scroll-margin-top:1rem}
.op h3{margin:0;font-size:1rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.op h4{margin:1rem 0 .35rem;font-size:.85rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.summary{margin:.4rem 0 0}
.path{font-size:1rem;word-break:break-all}
code{font:.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.type{color:#334155;overflow-wrap:break-word}
.layout>*{min-width:0}
.method{display:inline-block;min-width:4.25rem;text-align:center;border-radius:.3rem;padding:.1rem .45rem;color:#fff;font:700 .8rem/1.5 ui-monospace,monospace}
.m-get{background:#0b5cad}.m-post{background:#0f6b36}.m-put{background:#8a4b00}.m-patch{background:#6b3fa0}.m-delete{background:#b42318}
.badge{display:inline-block;font-size:.75rem;padding:.05rem .45rem;border-radius:999px;background:#fef3c7;color:#713f12;border:1px solid #fcd34d;vertical-align:1px}
.req{font-size:.72rem;color:#b42318;font-weight:600}
.muted{color:var(--muted);font-weight:400;text-transform:none;letter-spacing:0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;vertical-align:top;padding:.4rem .6rem;border-top:1px solid var(--line)}
th{font-weight:600;color:var(--muted);border-top:0}
.code{font:600 .85rem ui-monospace,monospace;padding:.05rem .4rem;border-radius:.3rem;background:#e2e8f0}
.c2{background:#dcfce7;color:#14532d}.c4{background:#fee2e2;color:#7f1d1d}.c5{background:#fde68a;color:#713f12}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:#fff;color:var(--ink);padding:.5rem;z-index:1}
@media (max-width:48rem){.layout{grid-template-columns:1fr;gap:1rem}nav{position:static}nav ul{columns:2}header{padding:1.5rem 1rem}.op{padding:.85rem}}
`;

/** The whole page, built once per process from the document. */
export function renderReference(doc: OpenApiDocument, jsonPath: string): string {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const t of doc.tags ?? []) byTag.set(t.name, []);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const tags = [...byTag].filter(([, ops]) => ops.length > 0);
  const count = tags.reduce((n, [, ops]) => n + ops.length, 0);
  const describe = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
  const nav = tags
    .map(
      ([name, ops]) =>
        `<li><a href="#${slug(name)}"><span>${esc(name)}</span><span class="n">${ops.length}</span></a></li>`,
    )
    .join('');
  const sections = tags
    .map(
      ([name, ops]) =>
        `<h2 id="${slug(name)}">${esc(name)}</h2><p>${esc(describe.get(name) ?? '')}</p>${ops
          .map((o) => operation(o.method, o.path, o.op))
          .join('\n')}`,
    )
    .join('\n');
  const server = doc.servers?.[0]?.url;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to the operations</a>
<header><div class="wrap"><h1>${esc(doc.info.title)} <span class="muted" style="color:#cbd5e1">v${esc(doc.info.version)}</span></h1>
<p>${prose(doc.info.description ?? '')}</p>
<p>${count} operations${server ? ` at <code>${esc(server)}</code>` : ''}. Machine-readable: <a href="${esc(jsonPath)}">OpenAPI ${esc(doc.openapi)} document</a>.</p></div></header>
<div class="wrap layout"><nav aria-label="Areas of the API"><ul>${nav}</ul></nav>
<main id="main">${sections}</main></div>
</body></html>
`;
}
