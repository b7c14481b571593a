import { MEASURE_IDS, MEASURES, type MeasureId } from '@wellspring/shared';
import { Link, useParams } from 'react-router';
import { MeasureForm } from '@/features/measures/components/measure-form';

function isMeasureId(value: string | undefined): value is MeasureId {
  return (MEASURE_IDS as readonly string[]).includes(value ?? '');
}

/** /app/measures/:measure (decision 083): one questionnaire, taken, then its result. */
export function MeasurePage() {
  const { measure } = useParams();
  if (!isMeasureId(measure)) {
    return (
      <section aria-labelledby="page-title" className="flex flex-col gap-4">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          No such questionnaire
        </h1>
        <Link to="/app/insights#scores-over-time" className="text-brand-violet underline">
          See the questionnaires on Insights
        </Link>
      </section>
    );
  }
  const definition = MEASURES[measure];
  return (
    <section aria-labelledby="page-title" className="flex max-w-2xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {definition.name}
      </h1>
      <MeasureForm key={measure} measure={measure} />
    </section>
  );
}
