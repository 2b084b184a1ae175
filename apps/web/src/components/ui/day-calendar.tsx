import 'react-day-picker/style.css';
import type { Language } from '@portal/contract';
import { DayPicker } from 'react-day-picker';
import { enUS, it } from 'react-day-picker/locale';

/** The calendars of the page's languages: month names, weekday order and the picker's spoken labels. */
const LOCALES = { it, en: enUS } satisfies Record<Language, unknown>;

export interface DayCalendarProps {
  language: Language;
  /** The day chosen so far, shown selected and as the month opened first. */
  selected: Date | undefined;
  onSelect: (day: Date) => void;
}

/** A month calendar to pick one day; loaded only when a date field's picker opens. */
export default function DayCalendar({ language, selected, onSelect }: DayCalendarProps) {
  return (
    <DayPicker
      className="day-calendar"
      mode="single"
      required
      autoFocus
      locale={LOCALES[language]}
      selected={selected}
      defaultMonth={selected}
      onSelect={onSelect}
      captionLayout="dropdown"
      startMonth={new Date(2000, 0)}
      endMonth={new Date(new Date().getFullYear() + 20, 11)}
    />
  );
}
