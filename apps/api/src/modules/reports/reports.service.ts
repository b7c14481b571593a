import {
  AppError,
  bandOf,
  describeFinding,
  FINDING_MIN_DAYS,
  isBetter,
  isChosenMood,
  lowMoodRuns,
  MEASURES,
  MOODS,
  NOT_A_DIAGNOSIS,
  PHQ9_SELF_HARM_ITEM,
  REPORT_LINK_KEPT_DAYS,
  REPORT_LINKS_MAX,
  REPORT_SECTIONS,
  reportDays,
  reportRangeProblem,
  type ChosenMood,
  type CreateReportLinkBody,
  type MeasureId,
  type Report,
  type ReportFinding,
  type ReportLink,
  type ReportMeasure,
  type ReportPaper,
  type ReportRequest,
} from '@wellspring/shared';
import type { Database } from '../../db/client';
import { generateToken, hashToken } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/app/context';
import { listMoodDays } from '../check-ins/check-ins.repository';
import { sumActivityDayLevelsBetween, sumMoodDayLevels } from '../check-ins/mood-sums.repository';
import type { DiaryVault } from '../diary/diary-vault';
import { findDiariesIn, listEntryDatesBetween } from '../diary/diary.repository';
import { compareSameDay } from '../insights/insights.service';
import { listMeasureResultsBetween, type MeasureResultRow } from '../measures/measures.repository';
import { lockUser } from '../user/user.repository';
import {
  countLiveLinks,
  countOpening,
  deleteLink,
  deleteLinksExpiredBefore,
  findLiveLink,
  insertLink,
  listLinks,
  type ReportLinkRow,
} from './reports.repository';

/** Whose report it is: the signed-in user, or the owner of a clinician's link. */
type ReportOwner = Pick<AuthContext, 'userId' | 'timeZone'>;

const DAY_MS = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Assembles the report of a range for its owner (decision 084): each section chosen, read over
 * the range alone, the diary entries quoted only those chosen and found in the range.
 */
async function assembleReport(
  db: Database,
  vault: DiaryVault,
  owner: ReportOwner,
  request: ReportRequest,
  now: Date,
): Promise<Report> {
  const { from, to } = request;
  const sections = REPORT_SECTIONS.filter((s) => request.sections.includes(s));
  const wants = (section: (typeof REPORT_SECTIONS)[number]) => sections.includes(section);
  const needsDays = wants('calendar') || wants('distribution') || wants('checkIns');
  const [moodDays, diaryDates, allDays, activityDays, results, entries] = await Promise.all([
    needsDays ? listMoodDays(db, owner.userId, from, to) : [],
    wants('calendar') ? listEntryDatesBetween(db, owner.userId, from, to) : [],
    wants('activities') ? sumMoodDayLevels(db, owner.userId, to, from) : null,
    wants('activities') ? sumActivityDayLevelsBetween(db, owner.userId, from, to) : [],
    wants('measures') ? listMeasureResultsBetween(db, owner.userId, from, to) : [],
    wants('diary') ? findDiariesIn(db, owner.userId, request.diaryEntryIds ?? [], from, to) : [],
  ]);
  const days = moodDays.map((d) => ({
    date: d.day,
    mood: isChosenMood(d.mood) ? d.mood : null,
    checkIns: d.checkInCount,
  }));

  return {
    from,
    to,
    days: reportDays(from, to),
    timeZone: owner.timeZone,
    generatedAt: now.toISOString(),
    sections,
    notADiagnosis: NOT_A_DIAGNOSIS,
    calendar: wants('calendar') ? calendarOf(days, diaryDates) : null,
    distribution: wants('distribution') ? distributionOf(days) : null,
    checkIns: wants('checkIns') ? checkInsOf(days) : null,
    activities: allDays ? activitiesOf(compareSameDay(allDays, activityDays)) : null,
    measures: wants('measures') ? measuresOf(results) : null,
    diary: wants('diary')
      ? entries.map(({ diary, mood }) => ({
          date: diary.localDate,
          mood: isChosenMood(mood) ? mood : null,
          isBackfilled: diary.isBackfilled,
          text: vault.open(diary),
        }))
      : null,
  };
}

interface ReportDayMood {
  date: string;
  mood: ChosenMood | null;
  checkIns: number;
}

function calendarOf(days: ReportDayMood[], diaryDates: string[]): Report['calendar'] {
  const byDate = new Map(days.map((d) => [d.date, { ...d, diary: false }]));
  for (const date of diaryDates) {
    byDate.set(date, { ...(byDate.get(date) ?? { date, mood: null, checkIns: 0 }), diary: true });
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

function distributionOf(days: ReportDayMood[]): Report['distribution'] {
  const withMood = days.filter((d) => d.mood !== null);
  return {
    moods: MOODS.map((mood) => ({ mood, days: withMood.filter((d) => d.mood === mood).length })),
    daysWithMood: withMood.length,
    lowRuns: lowMoodRuns(days),
  };
}

function checkInsOf(days: ReportDayMood[]): Report['checkIns'] {
  const counted = days.filter((d) => d.checkIns > 0);
  const total = counted.reduce((sum, d) => sum + d.checkIns, 0);
  const byCount = new Map<number, number>();
  for (const d of counted) byCount.set(d.checkIns, (byCount.get(d.checkIns) ?? 0) + 1);
  return {
    total,
    daysWithCheckIns: counted.length,
    meanPerDay: counted.length === 0 ? 0 : round1(total / counted.length),
    mostInADay: Math.max(0, ...counted.map((d) => d.checkIns)),
    byCount: [...byCount].sort(([a], [b]) => a - b).map(([checkIns, n]) => ({ checkIns, days: n })),
  };
}

function activitiesOf(results: ReturnType<typeof compareSameDay>): Report['activities'] {
  const findings = results.map(({ name, comparison }): ReportFinding & { better: boolean } => ({
    name,
    ...comparison,
    text: describeFinding({ kind: 'activity', name }, comparison),
    better: isBetter(comparison),
  }));
  const strip = ({ better: _, ...finding }: ReportFinding & { better: boolean }) => finding;
  return {
    better: findings.filter((f) => f.better).map(strip),
    worse: findings.filter((f) => f.meanWith < f.meanWithout).map(strip),
    minDays: FINDING_MIN_DAYS,
  };
}

function measuresOf(rows: MeasureResultRow[]): ReportMeasure[] {
  return (Object.keys(MEASURES) as MeasureId[]).flatMap((id) => {
    const taken = rows.filter((r) => r.measure === id);
    if (taken.length === 0) return [];
    const m = MEASURES[id];
    return [
      {
        id,
        shortName: m.shortName,
        name: m.name,
        scoreMeaning: m.scoreMeaning,
        maxScore: m.maxScore,
        bands: m.bands.map((b) => ({ ...b })),
        credit: m.credit,
        results: taken.map((r) => ({
          date: r.localDate,
          score: r.score,
          band: bandOf(id, r.score).label,
          selfHarmAnswer: selfHarmAnswer(id, r.answers),
        })),
      },
    ];
  });
}

/** PHQ-9's item 9 answered other than "not at all": the answer's words; otherwise null. */
function selfHarmAnswer(id: MeasureId, answers: number[]): string | null {
  if (id !== 'phq9') return null;
  const answer = answers[PHQ9_SELF_HARM_ITEM] ?? 0;
  if (answer === 0) return null;
  return MEASURES.phq9.options.find((o) => o.value === answer)?.label ?? String(answer);
}

/**
 * The signed-in user's report (decision 084): a range that ends after today or spans more than
 * five years, or a diary entry that is not one of the user's in the range, is a 400 naming the
 * rule.
 */
export async function getReport(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  request: ReportRequest,
  now: Date,
): Promise<Report> {
  const problem = reportRangeProblem(request.from, request.to, auth.today);
  if (problem !== null) throw new AppError('REPORT_INVALID', problem);
  const chosen = request.diaryEntryIds ?? [];
  if (chosen.length > 0 && !request.sections.includes('diary')) {
    throw new AppError('REPORT_INVALID', 'Diary entries are quoted only with the diary section');
  }
  const report = await assembleReport(db, vault, auth, request, now);
  if ((report.diary?.length ?? 0) !== chosen.length) {
    throw new AppError('REPORT_INVALID', 'A diary entry chosen is not one of yours in the range');
  }
  return report;
}

function presentLink(row: ReportLinkRow, now: Date): ReportLink {
  return {
    id: row.id,
    from: row.fromDate,
    to: row.toDate,
    sections: REPORT_SECTIONS.filter((s) => row.sections.includes(s)),
    diaryEntries: row.diaryEntryIds.length,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    openCount: row.openCount,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}

function requestOf(row: ReportLinkRow): ReportRequest {
  return {
    from: row.fromDate,
    to: row.toDate,
    sections: REPORT_SECTIONS.filter((s) => row.sections.includes(s)),
    diaryEntryIds: row.diaryEntryIds,
    paper: row.paper as ReportPaper,
  };
}

/**
 * A link to one report for a clinician (decision 084): the report is checked as its preview is,
 * the token (256 random bits) is answered this once and only its hash is kept. At most
 * REPORT_LINKS_MAX live links a user, counted under the user's row lock.
 */
export async function createReportLink(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  body: CreateReportLinkBody,
  now: Date,
  publicUrl: string,
): Promise<{ link: ReportLink; token: string; url: string }> {
  await getReport(db, vault, auth, body.report, now);
  const token = generateToken();
  const row = await db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    await deleteLinksExpiredBefore(
      tx,
      auth.userId,
      new Date(now.getTime() - REPORT_LINK_KEPT_DAYS * DAY_MS),
    );
    if ((await countLiveLinks(tx, auth.userId, now)) >= REPORT_LINKS_MAX) {
      throw new AppError(
        'REPORT_LINK_LIMIT',
        `At most ${REPORT_LINKS_MAX} links can be open at once: revoke one first`,
      );
    }
    return insertLink(tx, {
      userId: auth.userId,
      tokenHash: hashToken(token),
      fromDate: body.report.from,
      toDate: body.report.to,
      sections: REPORT_SECTIONS.filter((s) => body.report.sections.includes(s)),
      diaryEntryIds: body.report.sections.includes('diary')
        ? (body.report.diaryEntryIds ?? [])
        : [],
      paper: body.report.paper ?? 'a4',
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
    });
  });
  return {
    link: presentLink(row, now),
    token,
    url: `${publicUrl.replace(/\/$/, '')}/shared-report#${token}`,
  };
}

/** The user's live links and those expired in the last REPORT_LINK_KEPT_DAYS days, newest first. */
export async function getReportLinks(
  db: Database,
  auth: AuthContext,
  now: Date,
): Promise<ReportLink[]> {
  const since = new Date(now.getTime() - REPORT_LINK_KEPT_DAYS * DAY_MS);
  const rows = await listLinks(db, auth.userId, since);
  return rows.map((row) => presentLink(row, now));
}

/** Revokes a link at once: its row goes, so its token opens nothing from now on. */
export async function revokeReportLink(
  db: Database,
  auth: AuthContext,
  linkId: string,
): Promise<void> {
  if (!(await deleteLink(db, auth.userId, linkId))) {
    throw new AppError('NOT_FOUND', 'No such link');
  }
}

function invalidLink(): AppError {
  return new AppError('REPORT_LINK_INVALID', 'This link has expired or was revoked');
}

/**
 * The report a clinician's link shows, read live for its owner (decision 084), and its paper. An
 * unknown, expired or revoked token is one answer. `counted`: the opening counts (the page
 * opened), as a file downloaded from the opened page does not.
 */
export async function openSharedReport(
  db: Database,
  vault: DiaryVault,
  token: string,
  now: Date,
  counted: boolean,
): Promise<{ report: Report; paper: ReportPaper; expiresAt: string }> {
  const tokenHash = hashToken(token);
  if (counted && !(await countOpening(db, tokenHash, now))) throw invalidLink();
  const found = await findLiveLink(db, tokenHash, now);
  if (!found) throw invalidLink();
  const owner = { userId: found.link.userId, timeZone: found.timeZone };
  const request = requestOf(found.link);
  return {
    report: await assembleReport(db, vault, owner, request, now),
    paper: request.paper ?? 'a4',
    expiresAt: found.link.expiresAt.toISOString(),
  };
}
