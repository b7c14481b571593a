import type { HTMLAttributes, Ref } from 'react';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5;

/**
 * A heading at the level its place asks for: the report is the page itself on the clinician's
 * page (h1), and a part of the report page below its own title (h2).
 */
export function ReportHeading({
  level,
  ...props
}: { level: HeadingLevel; ref?: Ref<HTMLHeadingElement> } & HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${level}` as const;
  return <Tag {...props} />;
}
