/**
 * Which timestamps the MediaWiki API accepts. Timestamp parameters are read by ParamValidator's
 * TimestampDef through wikimedia/timestamp's ConvertibleTimestamp (the 4.x line ships with
 * MediaWiki 1.39): a value is accepted when it matches one of the formats below, then PHP's
 * DateTime::createFromFormat builds it (out-of-range fields such as month 13 roll over with a
 * PHP warning, not an error). An empty value or `0` means "now" with an "unclearnowtimestamp"
 * warning; `now` is the current time.
 */

export type TimestampVerdict =
  | { ok: true; format: string }
  | { ok: false; kind: 'invalid' }
  | { ok: false; kind: 'unclear-now' }
  | { ok: false; kind: 'rolls-over'; format: string };

interface Fields { Y?: string; m?: string; d?: string; H?: string; i?: string; s?: string; M?: string; D?: string; y?: string }

/** The formats of ConvertibleTimestamp::setTimestamp, in its order; named groups as there. */
const FORMATS: Array<[string, RegExp]> = [
  ['TS_MW', /^(?<Y>\d{4})(?<m>\d\d)(?<d>\d\d)(?<H>\d\d)(?<i>\d\d)(?<s>\d\d)$/],
  ['TS_UNIX', /^-?\d{1,13}$/],
  ['TS_ISO_8601', /^(?<Y>\d{4})-(?<m>\d{2})-(?<d>\d{2})[T ](?<H>\d{2}):(?<i>\d{2}):(?<s>\d{2})(?:[.,]\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/],
  ['TS_ISO_8601_BASIC', /^(?<Y>\d{4})(?<m>\d{2})(?<d>\d{2})T(?<H>\d{2})(?<i>\d{2})(?<s>\d{2})(?:[.,]\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/],
  ['TS_UNIX_MICRO', /^-?\d{1,13}\.\d{1,6}$/],
  ['TS_ORACLE', /^(?<d>\d{2})-(?<m>\d{2})-(?<Y>\d{4}) (?<H>\d{2}):(?<i>\d{2}):(?<s>\d{2})\.\d{6}$/],
  ['TS_POSTGRES', /^(?<Y>\d{4})-(?<m>\d\d)-(?<d>\d\d) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)(?:\.\d{1,6})?[+\- ]\d\d$/],
  ['TS_POSTGRES (GMT)', /^(?<Y>\d{4})-(?<m>\d\d)-(?<d>\d\d) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)(?:\.\d{1,6})? GMT$/],
  ['TS_EXIF', /^(?<Y>\d{4}):(?<m>\d\d):(?<d>\d\d) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)$/],
  ['TS_RFC2822', new RegExp(
    '^[ \\t\\r\\n]*(?:(?<D>[A-Z][a-z]{2}),[ \\t\\r\\n]*)?' +
    '(?<d>\\d\\d?)[ \\t\\r\\n]+(?<M>[A-Z][a-z]{2})[ \\t\\r\\n]+(?<Y>\\d{2,})' +
    '[ \\t\\r\\n]+(?<H>\\d\\d)[ \\t\\r\\n]*:[ \\t\\r\\n]*(?<i>\\d\\d)[ \\t\\r\\n]*:[ \\t\\r\\n]*(?<s>\\d\\d)' +
    '(?:[ \\t\\r\\n]+(?:[+-]\\d{4}|UT|GMT|[ECMP][SD]T|[A-IK-Za-ik-z]))?' +
    '(?:[ \\t\\r\\n]*;|$)',
  )],
  ['TS_RFC850', /^(?<D>[A-Z][a-z]{5,8}), (?<d>\d\d)-(?<M>[A-Z][a-z]{2})-(?<y>\d{2}) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)(?: (?:[+-]\d{2}(?::?\d{2})?|[A-Z]{1,5}))?$/],
  ['asctime', /^(?<D>[A-Z][a-z]{2}) (?<M>[A-Z][a-z]{2}) +(?<d>\d{1,2}) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d) (?<Y>\d{4})\s*$/],
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Checks one timestamp value as the API would read it. */
export function checkTimestamp(value: string): TimestampVerdict {
  if (value === '' || value === '0') return { ok: false, kind: 'unclear-now' };
  if (value === 'now') return { ok: true, format: 'now' };
  for (const [format, re] of FORMATS) {
    const m = re.exec(value);
    if (!m) continue;
    const g = (m.groups ?? {}) as Fields;
    // Textual month and day names must be real ones, or DateTime::createFromFormat fails.
    if (g.M !== undefined && !MONTHS.includes(g.M.toLowerCase())) return { ok: false, kind: 'invalid' };
    if (g.D !== undefined && !DAYS.includes(g.D.toLowerCase()) && !DAY_NAMES.includes(g.D.toLowerCase())) return { ok: false, kind: 'invalid' };
    if (g.Y === undefined && g.y === undefined) return { ok: true, format };
    let year = Number(g.Y ?? g.y);
    if (format === 'TS_RFC2822' && year < 1000) year += year < 50 ? 2000 : 1900;
    const month = g.M !== undefined ? MONTHS.indexOf(g.M.toLowerCase()) + 1 : Number(g.m);
    const day = Number(g.d);
    const [h, i, s] = [Number(g.H), Number(g.i), Number(g.s)];
    const dateOk = month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
    const timeOk = h <= 23 && i <= 59 && s <= 59;
    return dateOk && timeOk ? { ok: true, format } : { ok: false, kind: 'rolls-over', format };
  }
  return { ok: false, kind: 'invalid' };
}
