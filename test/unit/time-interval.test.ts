import { describe, expect, it } from 'vitest';
import {
  containsTime,
  formatTimeInterval,
  parseTimeInterval,
  type TimeIntervalSpec,
} from '../../src/features/alert-mute-timings/time-interval.js';

const at = (iso: string) => Date.parse(iso);
const inside = (spec: TimeIntervalSpec, iso: string) => containsTime(parseTimeInterval(spec, 'ti'), at(iso));

describe('time intervals', () => {
  it('converts to the location before testing weekdays (2026-01-02 is a Friday)', () => {
    // Friday 23:30 UTC is Saturday 00:30 in Berlin (UTC+1 in winter).
    expect(inside({ weekdays: ['saturday'], location: 'Europe/Berlin' }, '2026-01-02T23:30:00Z')).toBe(true);
    expect(inside({ weekdays: ['saturday'] }, '2026-01-02T23:30:00Z')).toBe(false);
    expect(inside({ weekdays: ['friday'] }, '2026-01-02T23:30:00Z')).toBe(true);
    // Saturday 03:00 UTC is still Friday 22:00 in New York (UTC-5).
    expect(
      inside({ weekdays: ['monday:friday'], location: 'America/New_York' }, '2026-01-03T03:00:00Z'),
    ).toBe(true);
    expect(inside({ weekdays: ['monday:friday'] }, '2026-01-03T03:00:00Z')).toBe(false);
    // Summer time: 22:30 UTC on 1 July is 00:30 on 2 July in Berlin (UTC+2).
    const night = { times: [{ start_time: '00:00', end_time: '01:00' }], location: 'Europe/Berlin' };
    expect(inside(night, '2026-07-01T22:30:00Z')).toBe(true);
    expect(inside(night, '2026-07-01T23:30:00Z')).toBe(false);
  });

  it('treats times as [start, end) with 24:00 as the end of the day', () => {
    const late = { times: [{ start_time: '22:00', end_time: '24:00' }] };
    expect(inside(late, '2026-03-10T21:59:00Z')).toBe(false);
    expect(inside(late, '2026-03-10T22:00:00Z')).toBe(true);
    expect(inside(late, '2026-03-10T23:59:59Z')).toBe(true);
    expect(inside(late, '2026-03-11T00:00:00Z')).toBe(false);
    const split = {
      times: [
        { start_time: '22:00', end_time: '24:00' },
        { start_time: '00:00', end_time: '06:00' },
      ],
    };
    expect(inside(split, '2026-03-11T05:59:00Z')).toBe(true);
    expect(inside(split, '2026-03-11T06:00:00Z')).toBe(false);
  });

  it('counts negative days of month from the end of the month (February of a leap year)', () => {
    const last = { days_of_month: ['-1'] };
    expect(inside(last, '2028-02-29T12:00:00Z')).toBe(true);
    expect(inside(last, '2028-02-28T12:00:00Z')).toBe(false);
    expect(inside(last, '2026-02-28T12:00:00Z')).toBe(true);
    expect(inside(last, '2026-03-31T00:00:00Z')).toBe(true);
    const lastWeek = { days_of_month: ['-7:-1'] };
    expect(inside(lastWeek, '2028-02-23T00:00:00Z')).toBe(true);
    expect(inside(lastWeek, '2028-02-22T23:59:00Z')).toBe(false);
    // 30 and 31 do not exist in February: the range does not apply there.
    expect(inside({ days_of_month: ['30:31'] }, '2028-02-29T12:00:00Z')).toBe(false);
    expect(inside({ days_of_month: ['1:5'] }, '2028-02-05T23:59:00Z')).toBe(true);
    expect(inside({ days_of_month: ['1:5'] }, '2028-02-06T00:00:00Z')).toBe(false);
  });

  it('matches month and year ranges inclusively, ANDs the fields and ORs the entries', () => {
    expect(inside({ months: ['march:may'] }, '2026-05-31T23:59:00Z')).toBe(true);
    expect(inside({ months: ['march:may'] }, '2026-06-01T00:00:00Z')).toBe(false);
    expect(inside({ months: ['1', '11:12'] }, '2026-12-24T00:00:00Z')).toBe(true);
    expect(inside({ months: ['1', '11:12'] }, '2026-02-01T00:00:00Z')).toBe(false);
    expect(inside({ years: ['2025:2027'] }, '2027-12-31T23:59:00Z')).toBe(true);
    expect(inside({ years: ['2025:2027'] }, '2028-01-01T00:00:00Z')).toBe(false);
    // New Year's Eve 23:30 UTC is already 2027 in Berlin.
    expect(inside({ years: ['2027'], location: 'Europe/Berlin' }, '2026-12-31T23:30:00Z')).toBe(true);
    const officeHours = {
      weekdays: ['monday:friday'],
      times: [{ start_time: '09:00', end_time: '17:00' }],
    };
    expect(inside(officeHours, '2026-01-02T10:00:00Z')).toBe(true); // Friday
    expect(inside(officeHours, '2026-01-03T10:00:00Z')).toBe(false); // Saturday
    expect(inside(officeHours, '2026-01-02T08:00:00Z')).toBe(false);
    expect(inside({}, '2026-01-02T08:00:00Z')).toBe(true);
  });

  it('normalizes the spelling as Grafana answers', () => {
    const spec = parseTimeInterval(
      {
        times: [{ start_time: '09:30', end_time: '24:00' }],
        weekdays: ['Monday:FRIDAY', 'sunday'],
        days_of_month: ['1:5', '-1'],
        months: ['1:3', 'May:august', '12'],
        years: ['2024:2026'],
        location: 'Europe/Berlin',
      },
      'ti',
    );
    expect(formatTimeInterval(spec)).toEqual({
      times: [{ start_time: '09:30', end_time: '24:00' }],
      weekdays: ['monday:friday', 'sunday'],
      days_of_month: ['1:5', '-1'],
      months: ['january:march', 'may:august', 'december'],
      years: ['2024:2026'],
      location: 'Europe/Berlin',
    });
    expect(formatTimeInterval(parseTimeInterval({ weekdays: [], times: [] }, 'ti'))).toEqual({});
  });

  it('refuses bad fields with Alertmanager’s message, naming the field', () => {
    const cases: [TimeIntervalSpec, string][] = [
      [{ times: [{ start_time: '09:00' }] }, 'ti.times[0]: both start and end times must be provided'],
      [
        { times: [{ start_time: '9:00', end_time: '10:00' }] },
        "ti.times[0]: couldn't parse timestamp 9:00, invalid format",
      ],
      [
        { times: [{ start_time: '24:01', end_time: '24:00' }] },
        "ti.times[0]: couldn't parse timestamp 24:01, invalid format",
      ],
      [
        { times: [{ start_time: '10:00', end_time: '10:00' }] },
        'ti.times[0]: start time cannot be equal or greater than end time',
      ],
      [{ weekdays: ['monday', 'funday'] }, 'ti.weekdays[1]: funday is not a valid weekday'],
      [{ weekdays: ['friday:monday'] }, 'ti.weekdays[0]: start day cannot be before end day'],
      [{ weekdays: ['a:b:c'] }, "ti.weekdays[0]: couldn't parse range a:b:c, invalid format"],
      [{ days_of_month: ['0'] }, 'ti.days_of_month[0]: 0 is not a valid day of the month: out of range'],
      [
        { days_of_month: ['-32:-1'] },
        'ti.days_of_month[0]: -32 is not a valid day of the month: out of range',
      ],
      [{ days_of_month: ['-5:5'] }, 'ti.days_of_month[0]: end day must be negative if start day is negative'],
      [{ days_of_month: ['10:2'] }, 'ti.days_of_month[0]: end day 2 is always before start day 10'],
      [{ days_of_month: ['x'] }, 'ti.days_of_month[0]: x is not a valid day of the month'],
      [{ months: ['smarch'] }, 'ti.months[0]: smarch is not a valid month'],
      [{ months: ['13'] }, 'ti.months[0]: 13 is not a valid month: out of range'],
      [{ months: ['may:march'] }, 'ti.months[0]: end month march is before start month may'],
      [{ years: ['2026:2024'] }, 'ti.years[0]: end year 2024 is before start year 2026'],
      [{ years: ['soon'] }, 'ti.years[0]: soon is not a valid year'],
      [{ location: 'Mars/Olympus' }, 'ti.location: unknown time zone Mars/Olympus'],
      [{ location: '+01:00' }, 'ti.location: unknown time zone +01:00'],
      [{ location: 'Local' }, 'ti.location: unknown time zone Local'],
    ];
    for (const [spec, message] of cases) {
      expect(() => parseTimeInterval(spec, 'ti'), JSON.stringify(spec)).toThrow(message);
    }
    expect(() => parseTimeInterval({ location: 'europe/berlin' }, 'ti')).toThrow(
      'ti.location: unknown time zone europe/berlin',
    );
    for (const location of ['UTC', 'Etc/UTC', 'US/Eastern', 'Asia/Kolkata']) {
      expect(() => parseTimeInterval({ location }, 'ti'), location).not.toThrow();
    }
  });
});
