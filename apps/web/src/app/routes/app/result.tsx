/** SPEC.md section 2: a placeholder page with text saying Optional. */
export function ResultPage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Result
      </h1>
      <p className="text-ink-soft">Optional</p>
    </section>
  );
}
