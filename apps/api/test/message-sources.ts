import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Every message the API can send a caller, read from the sources (issue 35): what services throw
 * (`new AppError(code, message, [{ path, message }])`, `notFound(what)`), the field messages the
 * contract's zod schemas give (`.min(1, 'Required')`, `{ message: … }`, `{ error: … }`,
 * `ctx.addIssue({ message })`), and the words a helper passes on from its caller (a function whose
 * parameter ends in one of those places is itself a message place, found until nothing new turns up).
 *
 * A message is a literal, a constant (`const X = '…'`, `const words = { key: '…' } as const`), a
 * template whose holes are filled with a sample, or a choice between those (`a ? b : c`, `a ?? b`).
 * What cannot be read this way is listed in `unresolved` with its place, so the test that uses this
 * fails on it rather than missing it.
 */
export type FoundMessage = { message: string; where: string };
export type MessageSources = { messages: FoundMessage[]; unresolved: string[] };

const zodMessageMethods = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'positive',
  'nonnegative',
  'negative',
  'int',
  'email',
  'url',
  'nonempty',
  'gte',
  'lte',
  'gt',
  'lt',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
  'uuid',
  'datetime',
  'date',
  'time',
  'literal',
  'number',
  'string',
  'boolean',
  'enum',
  'array',
  'object',
]);
const perLanguage = /\[(lang|language|requestLanguage\(request\)|row\.language)\]/;
const messageOnlyMethods = new Set([
  'positive',
  'nonnegative',
  'negative',
  'int',
  'email',
  'url',
  'nonempty',
  'uuid',
]);
const messageProperties = new Set(['message', 'error', 'msg']);

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|spec|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const unwrap = (node: ts.Expression): ts.Expression => {
  let n = node;
  while (
    ts.isAsExpression(n) ||
    ts.isSatisfiesExpression(n) ||
    ts.isParenthesizedExpression(n) ||
    ts.isNonNullExpression(n)
  )
    n = n.expression;
  return n;
};

/** The name a function is called by: its own, the variable or property it is assigned to. */
function functionName(fn: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return fn.name.getText();
  const parent = fn.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  return undefined;
}

export function collectMessages(roots: string[], repoRoot: string, skip?: RegExp): MessageSources {
  const files = roots
    .flatMap(listFiles)
    .filter((path) => !skip?.test(relative(repoRoot, path)))
    .map((path) => ({
      path,
      source: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
    }));

  // Top-level and module constants by name: `const X = …` anywhere (names of messages are unique enough;
  // every candidate of a name is read).
  const constants = new Map<string, ts.Expression[]>();
  /** A name's values: its declarations in the same file when there are any, else every file's. */
  const declared = (name: string, from: ts.Node) => {
    const all = constants.get(name);
    const here = all?.filter((init) => init.getSourceFile() === from.getSourceFile());
    return here?.length ? here : all;
  };
  for (const { source } of files) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const list = constants.get(node.name.text) ?? [];
        list.push(node.initializer);
        constants.set(node.name.text, list);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const declaredFunctions = new Map<ts.SourceFile, Set<string>>();
  for (const { source } of files) {
    const names = new Set<string>();
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node)) {
        const name = functionName(node);
        if (name) names.add(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    declaredFunctions.set(source, names);
  }

  const where = (node: ts.Node) => {
    const sf = node.getSourceFile();
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    return `${relative(repoRoot, sf.fileName)}:${line + 1}`;
  };

  const messages: FoundMessage[] = [];
  const unresolved: string[] = [];
  // Helpers whose parameter ends in a message place: their callers' arguments are messages. Keyed by
  // the helper's name, then by what is passed on (`0`, `1.missing`), with the words made of it.
  type Forward = {
    file: ts.SourceFile;
    index: number;
    property?: string;
    transform: (s: string) => string;
    from: string;
  };
  const forwarders = new Map<string, Map<string, Forward>>();
  let grew = true;

  /** The strings an expression can be, or undefined when it cannot be read. `depth` stops cycles. */
  function values(node: ts.Expression, depth = 0): string[] | undefined {
    if (depth > 8) return undefined;
    const n = unwrap(node);
    // Words already chosen by language (`words[lang]`, `messages[reason][language].text`).
    if (perLanguage.test(n.getText())) return [];
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return [n.text];
    if (ts.isNumericLiteral(n)) return [n.text];
    if (ts.isConditionalExpression(n)) {
      const a = values(n.whenTrue, depth + 1);
      const b = values(n.whenFalse, depth + 1);
      return a && b ? [...a, ...b] : undefined;
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const a = values(n.left, depth + 1) ?? ['3'];
      const b = values(n.right, depth + 1) ?? ['3'];
      return a.flatMap((x) => b.map((y) => x + y));
    }
    if (
      ts.isBinaryExpression(n) &&
      (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        n.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      const a = values(n.left, depth + 1);
      const b = values(n.right, depth + 1);
      return a && b ? [...a, ...b] : undefined;
    }
    if (ts.isTemplateExpression(n)) {
      // Holes: a constant's value when it is one, else a sample number ("At most 3 photos").
      let out = [n.head.text];
      for (const span of n.templateSpans) {
        const read = values(span.expression, depth + 1);
        // A hole that is the helper's parameter: its callers name it (see `place`).
        const e = unwrap(span.expression);
        const base = ts.isPropertyAccessExpression(e) ? e.expression : e;
        if (!read && ts.isIdentifier(base) && parameterOf(base, base.text)) return undefined;
        const hole = read?.slice(0, 1) ?? ['3'];
        out = out.flatMap((x) => hole.map((h) => x + h + span.literal.text));
      }
      return out;
    }
    if (ts.isIdentifier(n)) {
      const found = declared(n.text, n);
      if (!found) return undefined;
      const all = found.map((init) => values(init, depth + 1));
      return all.some((v) => v === undefined) ? undefined : (all.flat() as string[]);
    }
    if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) {
      const key = ts.isPropertyAccessExpression(n)
        ? n.name.text
        : ts.isStringLiteral(unwrap(n.argumentExpression))
          ? (unwrap(n.argumentExpression) as ts.StringLiteral).text
          : undefined;
      const objects = objectsOf(n.expression, depth + 1);
      if (!objects) return undefined;
      const out: string[] = [];
      if (key === undefined) {
        // `words[kind]`: any of them.
        for (const object of objects)
          for (const p of object.properties) {
            const v = ts.isPropertyAssignment(p) ? values(p.initializer, depth + 1) : undefined;
            if (!v) return undefined;
            out.push(...v);
          }
        return out;
      }
      for (const object of objects) {
        const property = object.properties.find(
          (p) => ts.isPropertyAssignment(p) && p.name.getText().replace(/['"]/g, '') === key,
        ) as ts.PropertyAssignment | undefined;
        const v = property && values(property.initializer, depth + 1);
        if (!v) return undefined;
        out.push(...v);
      }
      return out;
    }
    return undefined;
  }

  function objectsOf(node: ts.Expression, depth: number): ts.ObjectLiteralExpression[] | undefined {
    const n = unwrap(node);
    if (ts.isObjectLiteralExpression(n)) return [n];
    if (ts.isIdentifier(n)) {
      const found = declared(n.text, n)?.map((init) => objectsOf(init, depth + 1));
      return found && !found.some((f) => f === undefined)
        ? (found.flat() as ts.ObjectLiteralExpression[])
        : undefined;
    }
    if (ts.isPropertyAccessExpression(n)) {
      const outer = objectsOf(n.expression, depth + 1);
      if (!outer) return undefined;
      const inner = outer.flatMap((o) => {
        const p = o.properties.find((q) => ts.isPropertyAssignment(q) && q.name.getText() === n.name.text);
        return p && ts.isPropertyAssignment(p) ? (objectsOf(p.initializer, depth + 1) ?? []) : [];
      });
      return inner.length ? inner : undefined;
    }
    return undefined;
  }

  /** An object literal that is a refusal's words rather than some other `message` (a mail, a form's body). */
  function isRefusal(object: ts.ObjectLiteralExpression): boolean {
    const has = (key: string) => object.properties.some((p) => p.name?.getText() === key);
    if (has('path') || has('field')) return true;
    // An envelope that refuses (`status: false`); a success's `msg` is not shown as a refusal.
    const status = object.properties.find((p) => p.name?.getText() === 'status');
    if (status && ts.isPropertyAssignment(status)) return unwrap(status.initializer).getText() === 'false';
    const call = object.parent;
    if (!call || !ts.isCallExpression(call)) return false;
    const callee = call.expression;
    const name = ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : ts.isIdentifier(callee)
        ? callee.text
        : '';
    return zodMessageMethods.has(name) || name === 'addIssue' || name === 'superRefine' || name === 'custom';
  }

  /** The parameter `name` of the nearest function that has one, with that function's name. */
  function parameterOf(
    node: ts.Node,
    name: string,
  ): { fn: string; index: number; file: ts.SourceFile } | undefined {
    for (let fn: ts.Node | undefined = node.parent; fn; fn = fn.parent) {
      if (!ts.isFunctionLike(fn)) continue;
      const index = (fn as ts.SignatureDeclaration).parameters.findIndex(
        (p) => ts.isIdentifier(p.name) && p.name.text === name,
      );
      if (index < 0) continue;
      const fnName = functionName(fn);
      return fnName ? { fn: fnName, index, file: fn.getSourceFile() } : undefined;
    }
    return undefined;
  }

  function forward(fn: string, entry: Forward) {
    const key = `${entry.file.fileName}:${entry.index}.${entry.property ?? ''}@${entry.from}`;
    const known = forwarders.get(fn) ?? new Map<string, Forward>();
    if (known.has(key)) return;
    known.set(key, entry);
    forwarders.set(fn, known);
    grew = true;
  }

  /** A message place: read it, or pass the question to the caller when it is a parameter. */
  function place(expr: ts.Expression, transform: (s: string) => string = (s) => s, strict = true) {
    const n = unwrap(expr);
    const read = values(n);
    if (read) {
      for (const message of read) messages.push({ message: transform(message), where: where(n) });
      return;
    }
    // Words put into the caller's language here (`say(…)`, `localizeMessage(…, lang)`): the English given.
    if (
      ts.isCallExpression(n) &&
      ['say', 'localizeMessage'].includes(n.expression.getText()) &&
      n.arguments[0]
    )
      return place(n.arguments[0], transform, strict);
    // A constant of this function made from its parameters (`const unreadable = \`The ${kind} …\``).
    if (ts.isIdentifier(n)) {
      const local = declared(n.text, n)?.filter((init) => init.getSourceFile() === n.getSourceFile());
      if (local?.length === 1 && !parameterOf(n, n.text)) return place(local[0]!, transform, strict);
    }
    // A parameter as it is (`message`), or a parameter's property (`messages.missing`).
    const param = ts.isIdentifier(n)
      ? { name: n.text }
      : ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)
        ? { name: n.expression.text, property: n.name.text }
        : undefined;
    const found = param && parameterOf(n, param.name);
    if (param && found)
      return forward(found.fn, {
        file: found.file,
        index: found.index,
        property: param.property,
        transform,
        from: where(n),
      });
    // A refusal made elsewhere and passed on (`errors[0].message`, `result.msg`): read where it is made.
    if (ts.isPropertyAccessExpression(n) && ['message', 'msg'].includes(n.name.text)) return;
    // A template with one hole that is a parameter (`${what} already exists`): the caller names it.
    if (ts.isTemplateExpression(n)) {
      const holes = n.templateSpans.map((span) => values(span.expression));
      const open = holes.flatMap((h, i) => (h ? [] : [i]));
      const hole = open.length === 1 ? unwrap(n.templateSpans[open[0]!]!.expression) : undefined;
      const holeParam = hole
        ? ts.isIdentifier(hole)
          ? { name: hole.text }
          : ts.isPropertyAccessExpression(hole) && ts.isIdentifier(hole.expression)
            ? { name: hole.expression.text, property: hole.name.text }
            : undefined
        : undefined;
      const at = holeParam && parameterOf(n, holeParam.name);
      if (holeParam && at) {
        const around = (s: string) =>
          n.head.text +
          n.templateSpans.map((span, i) => (i === open[0] ? s : holes[i]![0]) + span.literal.text).join('');
        return forward(at.fn, {
          file: at.file,
          index: at.index,
          property: holeParam.property,
          transform: (s) => transform(around(s)),
          from: where(n),
        });
      }
    }
    if (strict) unresolved.push(`${where(n)}: ${n.getText()}`);
  }

  while (grew) {
    grew = false;
    messages.length = 0;
    unresolved.length = 0;
    for (const { source } of files) {
      const visit = (node: ts.Node) => {
        if (ts.isNewExpression(node) && node.expression.getText() === 'AppError' && node.arguments?.[1])
          place(node.arguments[1]);
        if (ts.isCallExpression(node)) {
          const callee = node.expression;
          const name = ts.isIdentifier(callee)
            ? callee.text
            : ts.isPropertyAccessExpression(callee)
              ? callee.name.text
              : undefined;
          const forwarded = name ? forwarders.get(name) : undefined;
          if (name === 'notFound') {
            place(
              node.arguments[0] ?? ts.factory.createStringLiteral('Requested data'),
              (s) => `${s} not found`,
            );
          } else if (forwarded) {
            const all = [...forwarded.values()];
            // A helper of this file's own with that name (`this.refuse(ms)`) is not another file's.
            const ownName = declaredFunctions.get(node.getSourceFile())?.has(name!);
            const here = all.filter((f) => f.file === node.getSourceFile());
            // `doc.text(…)`, `this.refuse(…)`: a method is matched in its own file only.
            const onlyHere = ownName || ts.isPropertyAccessExpression(callee);
            for (const { index, property, transform } of onlyHere ? here : all) {
              const arg = node.arguments[index] && unwrap(node.arguments[index]);
              if (!arg) continue;
              if (!property) place(arg, transform);
              else {
                const objects = objectsOf(arg, 0);
                if (!objects && !['message', 'msg'].includes(property))
                  unresolved.push(`${where(arg)}: ${arg.getText()}.${property}`);
                for (const object of objects ?? []) {
                  const p = object.properties.find(
                    (q) => ts.isPropertyAssignment(q) && q.name.getText() === property,
                  );
                  if (p && ts.isPropertyAssignment(p)) place(p.initializer, transform);
                  else unresolved.push(`${where(object)}: no ${property}`);
                }
              }
            }
          } else if (name && ts.isPropertyAccessExpression(callee) && zodMessageMethods.has(name)) {
            const last = node.arguments[node.arguments.length - 1];
            const l = last && unwrap(last);
            // `.min(1, 'Required')`, `.refine(ok, 'Unknown country')`, `.positive('More than 0')`; a
            // string's own `.includes('@')` has one argument and is not a message.
            const enough = node.arguments.length >= 2 || messageOnlyMethods.has(name);
            if (l && enough && (ts.isStringLiteral(l) || ts.isTemplateExpression(l))) place(l);
          }
        }
        // `message`/`error`/`msg` in a refusal: a field error (it has a `path`), an envelope (it has a
        // `status`), or what a zod schema is given (`{ error: … }`, `ctx.addIssue({ message })`).
        if (
          (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
          messageProperties.has(node.name.getText()) &&
          ts.isObjectLiteralExpression(node.parent) &&
          isRefusal(node.parent)
        ) {
          const value = ts.isPropertyAssignment(node) ? unwrap(node.initializer) : node.name;
          if (
            !ts.isCallExpression(value) &&
            !ts.isArrowFunction(value) &&
            !ts.isObjectLiteralExpression(value)
          )
            place(value);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  if (process.env.SHOW_FORWARDERS)
    console.log([...forwarders].map(([k, v]) => `${k}:${[...v.keys()]}`).join(' '));
  return { messages, unresolved };
}
