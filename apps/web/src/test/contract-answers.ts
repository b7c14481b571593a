import {
  ActivityAnswerSchema,
  ActivityListAnswerSchema,
  AuthAnswerSchema,
  CheckInAnswerSchema,
  CheckInDayAnswerSchema,
  InsightsFeelingsAnswerSchema,
  InsightsOnThisDayAnswerSchema,
  BackgroundAnswerSchema,
  BackgroundListAnswerSchema,
  BackgroundOwnershipListAnswerSchema,
  ClaimAnswerSchema,
  CreatedReportLinkAnswerSchema,
  DeleteAccountAnswerSchema,
  DiaryAnswerSchema,
  DiaryListAnswerSchema,
  DiarySearchAnswerSchema,
  ErrorBodySchema,
  GeneratedTaskAnswerSchema,
  GoalAnswerSchema,
  GoalListAnswerSchema,
  HistoryAnswerSchema,
  ImportAnswerSchema,
  ImportPreviewAnswerSchema,
  ImportRunAnswerSchema,
  ImportRunListAnswerSchema,
  InsightsCalendarAnswerSchema,
  InsightsDayAnswerSchema,
  InsightsFindingsAnswerSchema,
  InsightsSupportAnswerSchema,
  InsightsTrendsAnswerSchema,
  LinkSentAnswerSchema,
  MaybeGoalAnswerSchema,
  MeasureResultAnswerSchema,
  MeasureResultListAnswerSchema,
  SupportResourcesAnswerSchema,
  PasswordStatusAnswerSchema,
  PreferencesAnswerSchema,
  PushKeyAnswerSchema,
  PushSubscriptionAnswerSchema,
  ReportAnswerSchema,
  ReportLinkListAnswerSchema,
  ReportLinkRevokedAnswerSchema,
  ResetPasswordAnswerSchema,
  RevokedAnswerSchema,
  SessionListAnswerSchema,
  SharedReportAnswerSchema,
  SignInProvidersAnswerSchema,
  TaskAnswerSchema,
  TaskListAnswerSchema,
  UserAnswerSchema,
  VerifyEmailAnswerSchema,
} from '@wellspring/shared';
import type { z } from 'zod';

/*
 * The shared contract's answer to every JSON call the web app makes, as the API's routes declare
 * it: a mocked answer in a web test is parsed with it, so test data cannot drift from the
 * contract (decision 032). The downloads (CSV, the export file, a report's PDF) are not JSON
 * answers.
 */
const ANSWERS: readonly [method: string, path: RegExp, schema: z.ZodType][] = [
  ['GET', /^\/user$/, UserAnswerSchema],
  ['PATCH', /^\/user$/, UserAnswerSchema],
  ['GET', /^\/goal$/, MaybeGoalAnswerSchema],
  ['GET', /^\/goal\/all$/, GoalListAnswerSchema],
  ['POST', /^\/goal$/, GoalAnswerSchema],
  ['PATCH', /^\/goal$/, GoalAnswerSchema],
  ['POST', /^\/goal\/claim$/, ClaimAnswerSchema],
  ['GET', /^\/task$/, TaskListAnswerSchema],
  ['POST', /^\/task$/, TaskAnswerSchema],
  ['DELETE', /^\/task$/, TaskAnswerSchema],
  ['POST', /^\/task\/restore$/, TaskAnswerSchema],
  ['POST', /^\/task\/completed$/, GoalAnswerSchema],
  ['GET', /^\/task\/generated$/, GeneratedTaskAnswerSchema],
  ['GET', /^\/diary$/, DiaryListAnswerSchema],
  ['POST', /^\/diary$/, DiaryAnswerSchema],
  ['GET', /^\/diary\/search$/, DiarySearchAnswerSchema],
  ['GET', /^\/insights\/calendar$/, InsightsCalendarAnswerSchema],
  ['GET', /^\/insights\/day$/, InsightsDayAnswerSchema],
  ['GET', /^\/insights\/trends$/, InsightsTrendsAnswerSchema],
  ['GET', /^\/insights\/findings$/, InsightsFindingsAnswerSchema],
  ['GET', /^\/insights\/support$/, InsightsSupportAnswerSchema],
  ['POST', /^\/insights\/support\/dismiss$/, InsightsSupportAnswerSchema],
  ['GET', /^\/history$/, HistoryAnswerSchema],
  ['GET', /^\/background$/, BackgroundListAnswerSchema],
  ['GET', /^\/background\/user\/[^/]+$/, BackgroundOwnershipListAnswerSchema],
  ['PATCH', /^\/background\/user$/, BackgroundAnswerSchema],
  ['POST', /^\/auth\/register$/, AuthAnswerSchema],
  ['POST', /^\/auth\/login$/, AuthAnswerSchema],
  ['GET', /^\/auth\/google$/, AuthAnswerSchema],
  ['GET', /^\/auth\/providers$/, SignInProvidersAnswerSchema],
  ['POST', /^\/auth\/verify-email$/, VerifyEmailAnswerSchema],
  ['POST', /^\/auth\/verify-email\/resend$/, LinkSentAnswerSchema],
  ['POST', /^\/auth\/forgot-password$/, LinkSentAnswerSchema],
  ['POST', /^\/auth\/reset-password$/, ResetPasswordAnswerSchema],
  ['GET', /^\/auth\/sessions$/, SessionListAnswerSchema],
  ['DELETE', /^\/auth\/sessions\/[^/]+$/, RevokedAnswerSchema],
  ['POST', /^\/auth\/sessions\/end-others$/, RevokedAnswerSchema],
  ['GET', /^\/auth\/password$/, PasswordStatusAnswerSchema],
  ['PUT', /^\/auth\/password$/, PasswordStatusAnswerSchema],
  ['POST', /^\/auth\/password$/, RevokedAnswerSchema],
  ['POST', /^\/account\/import$/, ImportAnswerSchema],
  ['POST', /^\/imports\/preview$/, ImportPreviewAnswerSchema],
  ['POST', /^\/imports$/, ImportRunAnswerSchema],
  ['GET', /^\/imports$/, ImportRunListAnswerSchema],
  ['DELETE', /^\/imports\/[^/]+$/, ImportRunAnswerSchema],
  ['DELETE', /^\/account$/, DeleteAccountAnswerSchema],
  ['GET', /^\/preferences$/, PreferencesAnswerSchema],
  ['PATCH', /^\/preferences$/, PreferencesAnswerSchema],
  ['GET', /^\/insights\/on-this-day$/, InsightsOnThisDayAnswerSchema],
  ['GET', /^\/insights\/feelings$/, InsightsFeelingsAnswerSchema],
  ['GET', /^\/check-ins$/, CheckInDayAnswerSchema],
  ['POST', /^\/check-ins$/, CheckInAnswerSchema],
  ['GET', /^\/activities$/, ActivityListAnswerSchema],
  ['POST', /^\/activities$/, ActivityAnswerSchema],
  ['PATCH', /^\/activities\/[^/]+$/, ActivityAnswerSchema],
  ['POST', /^\/activities\/[^/]+\/merge$/, ActivityAnswerSchema],
  ['GET', /^\/push\/key$/, PushKeyAnswerSchema],
  ['POST', /^\/push\/subscriptions$/, PushSubscriptionAnswerSchema],
  ['GET', /^\/measure-results$/, MeasureResultListAnswerSchema],
  ['POST', /^\/measures\/[^/]+\/results$/, MeasureResultAnswerSchema],
  ['GET', /^\/support-resources$/, SupportResourcesAnswerSchema],
  ['POST', /^\/reports$/, ReportAnswerSchema],
  ['GET', /^\/report-links$/, ReportLinkListAnswerSchema],
  ['POST', /^\/report-links$/, CreatedReportLinkAnswerSchema],
  ['DELETE', /^\/report-links\/[^/]+$/, ReportLinkRevokedAnswerSchema],
  ['POST', /^\/shared-reports\/open$/, SharedReportAnswerSchema],
];

/** What the mocked API answered outside the contract in this test; the setup fails on any. */
export const contractViolations: string[] = [];

/**
 * Checks one mocked answer against the contract: a success against the call's answer schema, a
 * failure against the error envelope. Answers that are not JSON, and calls the table does not
 * list (downloads, sign-out), pass as they are.
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  if (body === undefined) return;
  const schema =
    status >= 400 ? ErrorBodySchema : ANSWERS.find(([m, p]) => m === method && p.test(path))?.[2];
  if (!schema) return;
  const result = schema.safeParse(body);
  if (result.success) return;
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
  contractViolations.push(
    `The mocked ${method} ${path} answered ${status} with what the shared contract rejects: ${problems}`,
  );
}
