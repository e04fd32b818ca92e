import { describe } from 'vitest';
import { GoTime } from '../../../src/lib/gotemplate/index.js';
import { itRendersNotifications, type NotificationCase } from './notification-cases.js';

const err = (col: number, ctx: string, msg: string): string =>
  `template: :1:${col}: executing "" at <${ctx}>: ${msg}`;

const T = GoTime.from('2024-01-02T03:04:05.123Z');
const times = { T, U: GoTime.from('2024-01-02T02:04:05.123Z'), Z: GoTime.zero };

export const alertmanager: NotificationCase[] = [
  { name: 'toUpper and toLower', field: '{{ toUpper "héllo" }} {{ toLower "ÀB" }}', want: 'HÉLLO àb' },
  { name: 'toUpper in a pipeline', field: '{{ "firing" | toUpper }}', want: 'FIRING' },
  { name: 'title', field: `{{ title "hello wORLD o'neil" }}`, want: "Hello World O'neil", noOracle: true },
  {
    name: 'title keeps ’ inside a word',
    field: '{{ title "don’t STOP" }}',
    want: 'Don’t Stop',
    noOracle: true,
  },
  { name: 'trimSpace', field: '[{{ trimSpace "  a b \\n\\t" }}]', want: '[a b]' },
  { name: 'join', field: '{{ join ", " (stringSlice "a" "b" "c") }}', want: 'a, b, c' },
  { name: 'join as pipeline', field: '{{ stringSlice "a" "b" | join "-" }}', want: 'a-b' },
  {
    name: 'join needs a []string',
    field: '{{ join "," (coll.Slice "a") }}',
    want: '',
    err: err(24, '"a"', 'wrong type for value; expected []string; got []interface {}'),
  },
  { name: 'match', field: '{{ match "^web-[0-9]+$" "web-12" }} {{ match "x" "abc" }}', want: 'true false' },
  {
    name: 'match with a bad pattern',
    field: '{{ match "(" "x" }}',
    want: '',
    err: err(3, 'match "(" "x"', 'error calling match: error parsing regexp: missing closing ): `(`'),
  },
  {
    name: 'reReplaceAll with groups',
    field: '{{ reReplaceAll "(\\\\w+)@(\\\\w+)" "$2 at $1" "me@host" }}',
    want: 'host at me',
  },
  {
    name: 'reReplaceAll with named groups',
    field: '{{ reReplaceAll "(?P<user>\\\\w+)@" "${user}:" "me@host" }}',
    want: 'me:host',
  },
  {
    name: 'reReplaceAll braces around a group number',
    field: '{{ reReplaceAll "(a)" "${1}x" "bab" }}',
    want: 'baxb',
  },
  { name: 'reReplaceAll $1x names a group 1x', field: '{{ reReplaceAll "(a)" "$1x" "bab" }}', want: 'bb' },
  {
    name: 'reReplaceAll skips an empty match after a match',
    field: '{{ reReplaceAll "a*" "-" "baaac" }}',
    want: '-b-c-',
  },
  { name: 'reReplaceAll with a literal dollar', field: '{{ reReplaceAll "b" "$$" "abc" }}', want: 'a$c' },
  { name: 'reReplaceAll with a Go escape', field: '{{ reReplaceAll "\\\\." "\\\\" "a.b" }}', want: 'a\\b' },
  {
    name: 'reReplaceAll with a POSIX class',
    field: '{{ reReplaceAll "[[:digit:]]+" "#" "a1b22" }}',
    want: 'a#b#',
  },
  {
    name: 'reReplaceAll with case-insensitive flag',
    field: '{{ reReplaceAll "(?i)cpu" "CPU" "Cpu cpu" }}',
    want: 'CPU CPU',
  },
  { name: 'safeHtml', field: '{{ safeHtml "<b>x</b>" }}', want: '<b>x</b>' },
  { name: 'stringSlice', field: '{{ stringSlice "a" "b" }} {{ len (stringSlice) }}', want: '[a b] 0' },
  {
    name: 'date',
    field: '{{ date "2006-01-02T15:04:05Z07:00" .T }}',
    data: times,
    want: '2024-01-02T03:04:05Z',
  },
  { name: 'date in a pipeline', field: '{{ .T | date "15:04" }}', data: times, want: '03:04' },
  {
    name: 'tz then date',
    field: '{{ .T | tz "Asia/Tokyo" | date "2006-01-02 15:04 MST" }}',
    data: times,
    want: '2024-01-02 12:04 JST',
  },
  {
    name: 'tz across midnight',
    field: '{{ .T | tz "America/New_York" | date "Jan 2 15:04 MST -0700" }}',
    data: times,
    want: 'Jan 1 22:04 EST -0500',
  },
  {
    name: 'tz with a half-hour offset',
    field: '{{ .T | tz "Asia/Kolkata" | date "15:04:05-07:00" }}',
    data: times,
    want: '08:34:05+05:30',
  },
  {
    name: 'tz Europe',
    field: '{{ .T | tz "Europe/Paris" | date "15:04 MST" }}',
    data: times,
    want: '04:04 CET',
  },
  {
    name: 'tz UTC',
    field: '{{ .T | tz "UTC" | date "15:04 MST Z07:00" }}',
    data: times,
    want: '03:04 UTC Z',
  },
  {
    name: 'tz with an unknown zone',
    field: '{{ tz "Mars/Base" .T }}',
    data: times,
    want: '',
    err: err(3, 'tz "Mars/Base" .T', 'error calling tz: unknown time zone Mars/Base'),
  },
];

export const timeValues: NotificationCase[] = [
  { name: 'time prints as Go', field: '{{ .T }}', data: times, want: '2024-01-02 03:04:05.123 +0000 UTC' },
  {
    name: 'zero time',
    field: '{{ .Z }} {{ .Z.IsZero }} {{ .T.IsZero }}',
    data: times,
    want: '0001-01-01 00:00:00 +0000 UTC true false',
  },
  { name: 'Unix', field: '{{ .T.Unix }} {{ .T.UnixMilli }}', data: times, want: '1704164645 1704164645123' },
  {
    name: 'layout with padded day',
    field: '{{ .T.Format "Mon Jan _2 15:04:05 2006" }}',
    data: times,
    want: 'Tue Jan  2 03:04:05 2024',
  },
  {
    name: 'layout with 12-hour clock',
    field: '{{ .T.Format "3:04PM 03:04pm" }}',
    data: times,
    want: '3:04AM 03:04am',
  },
  {
    name: 'layout with milliseconds',
    field: '{{ .T.Format "15:04:05.000 15:04:05.000000 15:04:05,999" }}',
    data: times,
    want: '03:04:05.123 03:04:05.123000 03:04:05,123',
  },
  {
    name: 'layout with trimmed fraction',
    field: '{{ .U.Format "05.999999999" }} {{ .Z.Format "05.999" }}',
    data: times,
    want: '05.123 00',
  },
  {
    name: 'layout with long names',
    field: '{{ .T.Format "Monday, 02-January-06 MST" }}',
    data: times,
    want: 'Tuesday, 02-January-24 UTC',
  },
  {
    name: 'layout with day of year',
    field: '{{ .T.Format "002 __2 2006" }}',
    data: times,
    want: '002   2 2024',
  },
  {
    name: 'layout literals that look like fields',
    field: '{{ .T.Format "Jan January Janu 1 01 2 _2" }}',
    data: times,
    want: 'Jan January Janu 1 01 2  2',
  },
  {
    name: 'time difference',
    field: '{{ .T.Sub .U }} {{ (.T.Sub .U).Minutes }} {{ .U.Sub .T }}',
    data: times,
    want: '1h0m0s 60 -1h0m0s',
  },
  {
    name: 'time comparison',
    field: '{{ .T.After .U }} {{ .T.Before .U }} {{ .T.Equal .T }}',
    data: times,
    want: 'true false true',
  },
  {
    name: 'UTC',
    field: '{{ (.T | tz "Asia/Tokyo").UTC }}',
    data: times,
    want: '2024-01-02 03:04:05.123 +0000 UTC',
  },
  {
    name: 'time in a zone',
    field: '{{ .T | tz "Asia/Tokyo" }}',
    data: times,
    want: '2024-01-02 12:04:05.123 +0900 JST',
  },
  { name: 'now is a time', field: '{{ (time.Now).IsZero }}', want: 'false' },
];

export const gomplate: NotificationCase[] = [
  {
    name: 'coll.Dict',
    field: '{{ $d := coll.Dict "a" 1 "b" "x" }}{{ $d.a }} {{ $d.b }} {{ $d }}',
    want: '1 x map[a:1 b:x]',
  },
  { name: 'coll.Dict with a key alone', field: '{{ coll.Dict "a" }}', want: 'map[a:]' },
  { name: 'coll.Dict missing key', field: '{{ (coll.Dict "k" "v").missing }}', want: '<no value>' },
  { name: 'coll.Slice', field: '{{ coll.Slice 1 "a" true }} {{ len (coll.Slice) }}', want: '[1 a true] 0' },
  { name: 'coll.Append', field: '{{ coll.Append 3 (coll.Slice 1 2) }}', want: '[1 2 3]' },
  { name: 'coll.Append in a pipeline', field: '{{ coll.Slice 1 | coll.Append 2 }}', want: '[1 2]' },
  {
    name: 'coll.Append to a string',
    field: '{{ coll.Append 1 "x" }}',
    want: '',
    err: err(7, 'coll.Append', 'error calling Append: expected an array or slice, but got a string'),
  },
  {
    name: 'ranging over a dict',
    field: '{{ range $k, $v := coll.Dict "b" 2 "a" 1 }}{{ $k }}{{ $v }}{{ end }}',
    want: 'a1b2',
  },
  {
    name: 'data.JSON',
    field:
      '{{ $j := data.JSON `{"a": 1, "b": [true, "x"], "c": {"d": 1.5}}` }}{{ $j.a }} {{ $j.b }} {{ $j.c.d }} {{ printf "%T" $j.a }}',
    want: '1 [true x] 1.5 float64',
  },
  { name: 'data.JSON numbers are floats', field: '{{ (data.JSON `{"n": 1000000}`).n }}', want: '1e+06' },
  {
    name: 'data.ToJSON sorts keys and escapes HTML',
    field: '{{ coll.Dict "b" 1 "a" "<x>&" | data.ToJSON }}',
    want: '{"a":"\\u003cx\\u003e\\u0026","b":1}',
  },
  {
    name: 'data.ToJSON of a slice',
    field: '{{ data.ToJSON (coll.Slice 1.5 "a" nil true) }}',
    want: '[1.5,"a",null,true]',
  },
  {
    name: 'data.ToJSONPretty',
    field: '{{ data.ToJSONPretty "  " (coll.Dict "a" (coll.Slice 1 2) "b" (coll.Dict)) }}',
    want: '{\n  "a": [\n    1,\n    2\n  ],\n  "b": {}\n}',
  },
  {
    name: 'data.ToJSON of labels',
    field: '{{ data.ToJSON .L }}',
    data: { L: { z: '1', a: 'é"' } },
    want: '{"a":"é\\"","z":"1"}',
  },
  {
    name: 'tmpl.Exec',
    groups: [{ name: 'g', template: '{{ define "hello" }}Hello {{ . }}{{ end }}' }],
    field: '{{ tmpl.Exec "hello" "you" }}|{{ tmpl.Exec "hello" "x" | toUpper }}',
    want: 'Hello you|HELLO X',
  },
  {
    name: 'tmpl.Exec of an unknown template',
    field: '{{ tmpl.Exec "nope" }}',
    want: '',
    err: err(7, 'tmpl.Exec', 'error calling Exec: template "nope" not defined'),
  },
  { name: 'tmpl.Inline with a context', field: '{{ tmpl.Inline "{{ . }}!" 5 }}', want: '5!' },
  {
    name: 'tmpl.Inline with a name and a context',
    field: '{{ tmpl.Inline "n" "[{{ . }}]" "v" }}',
    want: '[v]',
  },
  {
    name: 'tmpl.Inline using the defaults',
    field: '{{ tmpl.Inline "{{ template \\"webhook.default.state\\" . }}" . }}',
    data: { Status: 'firing' },
    want: 'alerting',
  },
];

describe('Alertmanager functions', () => itRendersNotifications(alertmanager));
describe('time values', () => itRendersNotifications(timeValues));
describe('gomplate namespaces', () => itRendersNotifications(gomplate));
