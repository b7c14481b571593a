import {
  formatCount,
  REPORT_MAX_DAYS,
  REPORT_PRESET_DAYS,
  REPORT_SECTION_TITLES,
  REPORT_SECTIONS,
  type ReportPaper,
} from '@wellspring/shared';
import { Download, Eye } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import type { useReportChoices } from '../hooks/use-report-choices';
import type { RangeChoice } from '../utils/report-choices';
import { ChoiceGroup } from './choice-group';
import { DiaryPicker } from './diary-picker';

const RANGES: readonly { value: RangeChoice; label: string }[] = [
  ...REPORT_PRESET_DAYS.map((days) => ({
    value: `${days}` as RangeChoice,
    label: `Last ${days} days`,
  })),
  { value: 'custom', label: 'Custom' },
];

const PAPERS: readonly { value: ReportPaper; label: string }[] = [
  { value: 'a4', label: 'A4' },
  { value: 'letter', label: 'US Letter' },
];

export type ReportAction = 'preview' | 'pdf' | 'csv';

/**
 * What the report covers: its range, its sections (the diary's entries chosen one by one) and
 * its paper, then Preview and the two downloads. What stops a request is said beside the
 * buttons, which stay pressable: pressing one moves the focus to it, so that it is read out.
 */
export function ReportForm({
  today,
  state,
  pending,
  onAction,
}: {
  today: string;
  state: ReturnType<typeof useReportChoices>;
  /** The action under way, if any. */
  pending: ReportAction | null;
  /** Called only with a request to make: what stops one is said here. */
  onAction: (action: ReportAction) => void;
}) {
  const problemId = useId();
  const problemRef = useRef<HTMLParagraphElement>(null);
  const { choices, range, problem } = state;
  const act = (action: ReportAction) => {
    if (problem) problemRef.current?.focus();
    else onAction(action);
  };
  return (
    <form
      aria-label="What the report covers"
      className="flex flex-col gap-6 rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        act('preview');
      }}
    >
      <div className="flex flex-col gap-3">
        <ChoiceGroup
          legend="Range"
          options={RANGES}
          value={choices.range}
          onChange={state.setRange}
        />
        {choices.range === 'custom' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="From"
              type="date"
              value={choices.from}
              max={choices.to || today}
              onChange={(event) => state.setFrom(event.target.value)}
            />
            <TextField
              label="To"
              type="date"
              value={choices.to}
              min={choices.from || undefined}
              max={today}
              onChange={(event) => state.setTo(event.target.value)}
              hint={`Not after today; at most ${formatCount(REPORT_MAX_DAYS)} days (five years).`}
            />
          </div>
        )}
      </div>

      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Sections</legend>
        {REPORT_SECTIONS.map((section) => (
          <Checkbox
            key={section}
            label={REPORT_SECTION_TITLES[section]}
            checked={choices.sections.includes(section)}
            onChange={() => state.toggleSection(section)}
          />
        ))}
        {choices.sections.includes('diary') && (
          <DiaryPicker range={range} chosen={choices.diary} onToggle={state.toggleDiary} />
        )}
      </fieldset>

      <ChoiceGroup
        legend="Paper"
        options={PAPERS}
        value={choices.paper}
        onChange={state.setPaper}
      />

      <div className="flex flex-col gap-3">
        {problem && (
          <p
            id={problemId}
            ref={problemRef}
            tabIndex={-1}
            className="text-sm font-medium text-red-700 outline-none"
          >
            {problem}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            type="submit"
            isLoading={pending === 'preview'}
            aria-describedby={problem ? problemId : undefined}
          >
            <Eye className="size-4" aria-hidden />
            Preview
          </Button>
          <Button
            variant="secondary"
            onClick={() => act('pdf')}
            isLoading={pending === 'pdf'}
            aria-describedby={problem ? problemId : undefined}
          >
            <Download className="size-4" aria-hidden />
            Download PDF
          </Button>
          <Button
            variant="secondary"
            onClick={() => act('csv')}
            isLoading={pending === 'csv'}
            aria-describedby={problem ? problemId : undefined}
          >
            <Download className="size-4" aria-hidden />
            Download CSV
          </Button>
        </div>
      </div>
    </form>
  );
}
