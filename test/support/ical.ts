import ICAL from 'ical.js';

/**
 * iCalendar text read as a calendar app reads it, by ical.js (ICAL.parse throws on malformed
 * input), after the checks ical.js does not make: RFC 5545 §3.1 ends every content line, the last
 * one too, with CRLF (never a bare CR or LF) and folds lines longer than 75 octets.
 */
export function parseWithIcalJs(text: string): ICAL.Component {
  if (!text.endsWith('\r\n')) throw new Error(`iCalendar must end with CRLF, ends with ${JSON.stringify(text.slice(-20))}`);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`bare CR or LF in line: ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line longer than 75 octets: ${line}`);
  }
  const parsed: unknown = ICAL.parse(text);
  const component = new ICAL.Component(parsed as unknown[]);
  if (component.name !== 'vcalendar') throw new Error(`not one VCALENDAR: ${component.name}`);
  return component;
}

/**
 * A small, strict RFC 5545 reader for test assertions, with the main fields as plain values:
 * every line must end with CRLF, content lines are at most 75 octets before unfolding, folded
 * lines continue with one space or tab, every BEGIN has its END, and TEXT values are unescaped
 * (\\n, \\N, \\, \\; \\\\). It throws on anything it does not understand.
 */
export interface ICalProperty {
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
  readonly value: string;
}

export interface ICalComponent {
  readonly type: string;
  readonly properties: ICalProperty[];
  readonly components: ICalComponent[];
}

const NAME = /^[A-Za-z0-9-]+$/;

function unfold(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar must end with CRLF');
  const raw = text.slice(0, -2).split('\r\n');
  const lines: string[] = [];
  for (const line of raw) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`bare CR or LF in line: ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line longer than 75 octets: ${line}`);
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('continuation line at the start');
      lines[lines.length - 1] += line.slice(1);
    } else {
      if (line === '') throw new Error('empty content line');
      lines.push(line);
    }
  }
  return lines;
}

function parseLine(line: string): ICalProperty {
  // name *(";" param) ":" value — a quoted param value may hold ':' and ';'.
  let i = 0;
  const readUntil = (stops: string) => {
    const start = i;
    let quoted = false;
    while (i < line.length) {
      const c = line[i]!;
      if (c === '"') quoted = !quoted;
      else if (!quoted && stops.includes(c)) break;
      i += 1;
    }
    if (quoted) throw new Error(`unterminated quote: ${line}`);
    return line.slice(start, i);
  };
  const name = readUntil(';:');
  if (!NAME.test(name)) throw new Error(`bad property name in: ${line}`);
  const params: Record<string, string> = {};
  while (line[i] === ';') {
    i += 1;
    const param = readUntil(';:');
    const eq = param.indexOf('=');
    if (eq <= 0) throw new Error(`bad parameter in: ${line}`);
    params[param.slice(0, eq).toUpperCase()] = param.slice(eq + 1).replace(/^"(.*)"$/, '$1');
  }
  if (line[i] !== ':') throw new Error(`no ':' in: ${line}`);
  return { name: name.toUpperCase(), params, value: line.slice(i + 1) };
}

export function parseICalendar(text: string): ICalComponent {
  const stack: ICalComponent[] = [];
  let root: ICalComponent | null = null;
  for (const line of unfold(text)) {
    const prop = parseLine(line);
    if (prop.name === 'BEGIN') {
      const component: ICalComponent = { type: prop.value.toUpperCase(), properties: [], components: [] };
      if (stack.length > 0) stack[stack.length - 1]!.components.push(component);
      else if (root) throw new Error('more than one top-level component');
      else root = component;
      stack.push(component);
    } else if (prop.name === 'END') {
      const open = stack.pop();
      if (!open || open.type !== prop.value.toUpperCase()) throw new Error(`END:${prop.value} does not close ${open?.type ?? 'anything'}`);
    } else {
      const current = stack[stack.length - 1];
      if (!current) throw new Error(`property outside any component: ${line}`);
      current.properties.push(prop);
    }
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack[stack.length - 1]!.type}`);
  if (!root || root.type !== 'VCALENDAR') throw new Error('not a VCALENDAR');
  return root;
}

/** A TEXT value as written (RFC 5545 §3.3.11). */
export function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** The one value of a property (throws when it is missing or repeated). */
export function prop(component: ICalComponent, name: string): string {
  const found = component.properties.filter((p) => p.name === name);
  if (found.length !== 1) throw new Error(`${component.type} has ${found.length} ${name}`);
  return found[0]!.value;
}

export function propOrNull(component: ICalComponent, name: string): string | null {
  const found = component.properties.filter((p) => p.name === name);
  if (found.length > 1) throw new Error(`${component.type} has ${found.length} ${name}`);
  return found[0]?.value ?? null;
}

/** A UTC DATE-TIME ('20261201T100000Z'); anything not in UTC throws. */
export function utcDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** The events of a calendar, each as its main fields. */
export function eventsOf(calendar: ICalComponent) {
  return calendar.components
    .filter((c) => c.type === 'VEVENT')
    .map((e) => ({
      uid: prop(e, 'UID'),
      sequence: Number(prop(e, 'SEQUENCE')),
      start: utcDate(prop(e, 'DTSTART')),
      end: utcDate(prop(e, 'DTEND')),
      stamp: utcDate(prop(e, 'DTSTAMP')),
      summary: unescapeText(prop(e, 'SUMMARY')),
      description: unescapeText(propOrNull(e, 'DESCRIPTION') ?? ''),
      location: propOrNull(e, 'LOCATION') === null ? null : unescapeText(prop(e, 'LOCATION')),
      status: propOrNull(e, 'STATUS'),
    }));
}
