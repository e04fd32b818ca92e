/**
 * A time interval as the editor shows it (one text field per part, lists comma-separated, times
 * as `09:00-17:00`) and as the API takes it. The server validates the values and names the field
 * it refuses, so the form only splits and joins.
 */
import type { TimeInterval } from '../../api/mute-timings.js';

export interface IntervalForm {
  times: string;
  weekdays: string;
  days_of_month: string;
  months: string;
  years: string;
  location: string;
}

export const EMPTY_INTERVAL: IntervalForm = {
  times: '',
  weekdays: '',
  days_of_month: '',
  months: '',
  years: '',
  location: '',
};

const LISTS = ['weekdays', 'days_of_month', 'months', 'years'] as const;

const split = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function toForm(interval: TimeInterval): IntervalForm {
  return {
    times: (interval.times ?? []).map((t) => `${t.start_time ?? ''}-${t.end_time ?? ''}`).join(', '),
    weekdays: (interval.weekdays ?? []).join(', '),
    days_of_month: (interval.days_of_month ?? []).join(', '),
    months: (interval.months ?? []).join(', '),
    years: (interval.years ?? []).join(', '),
    location: interval.location ?? '',
  };
}

/** The API's interval, parts left empty omitted (an empty part means "any"). */
export function fromForm(form: IntervalForm): TimeInterval {
  const interval: TimeInterval = {};
  const times = split(form.times).map((range) => {
    const [start_time = '', end_time = ''] = range.split('-').map((part) => part.trim());
    return { start_time, end_time };
  });
  if (times.length) interval.times = times;
  for (const part of LISTS) {
    const values = split(form[part]);
    if (values.length) interval[part] = values;
  }
  if (form.location.trim()) interval.location = form.location.trim();
  return interval;
}

/** One line for the list: `09:00-17:00 · monday:friday · Europe/Berlin`. */
export function intervalSummary(interval: TimeInterval): string {
  const form = toForm(interval);
  const parts = [
    form.times,
    form.weekdays,
    form.days_of_month,
    form.months,
    form.years,
    form.location,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Always';
}
