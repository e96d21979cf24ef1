/**
 * Which timestamps the MediaWiki API accepts. Timestamp parameters are read by ParamValidator's
 * TimestampDef through wikimedia/timestamp's ConvertibleTimestamp (the 4.x line ships with
 * MediaWiki 1.39): a value is accepted when it matches one of the formats below, then PHP's
 * DateTime::createFromFormat builds it (out-of-range fields such as month 13 roll over with a
 * PHP warning, not an error). An empty value or `0` means "now" with an "unclearnowtimestamp"
 * warning; `now` is the current time.
 */
export type TimestampVerdict = {
    ok: true;
    format: string;
} | {
    ok: false;
    kind: 'invalid';
} | {
    ok: false;
    kind: 'unclear-now';
} | {
    ok: false;
    kind: 'rolls-over';
    format: string;
};
/** Checks one timestamp value as the API would read it. */
export declare function checkTimestamp(value: string): TimestampVerdict;
