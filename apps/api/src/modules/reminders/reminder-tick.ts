import {
  addDays,
  MEASURE_REMINDER_DAYS,
  MEASURE_REMINDER_NOTIFICATION,
  measureReminderDueDay,
  REMINDER_NOTIFICATION,
  reminderDueDay,
} from '@wellspring/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  claimMeasureReminderDay,
  claimReminderDay,
  deleteSubscriptionById,
  listMeasureReminderCandidates,
  listReminderCandidates,
  listSubscriptionsOfUser,
} from './reminders.repository';
import type { PushSender } from './web-push-sender';

/** The one payload every reminder carries: no mood, nothing written, only the check-in question. */
export const REMINDER_PAYLOAD = JSON.stringify(REMINDER_NOTIFICATION);
/** The questionnaire reminder's (decision 083): as plain, and it opens the questionnaires. */
export const MEASURE_REMINDER_PAYLOAD = JSON.stringify(MEASURE_REMINDER_NOTIFICATION);

/** How many users' devices are sent to at once in one tick; a slow push service holds one. */
const USERS_AT_ONCE = 8;

export interface TickResult {
  /** Users whose day this tick claimed (each reminded once). */
  reminded: number;
  /** Users whose questionnaire reminder this tick claimed (decision 083). */
  remindedOfMeasures: number;
  /** Messages the push services accepted. */
  sent: number;
  /**
   * Subscriptions removed: the push service answered 404 or 410, or the endpoint is no push
   * service's address (decision 063); the device subscribes again when the person next opens it.
   */
  removed: number;
}

/**
 * One run of the reminder schedule: every user whose reminder is due now in their time zone, who
 * has not set a mood that local day and was not reminded that day, gets one notification on each
 * device. The day is claimed before anything is sent, in one statement, so a tick running in two
 * processes at once reminds each user once; a send that fails is not retried (at most once).
 */
export async function runReminderTick(options: {
  db: Database;
  now: Date;
  sender: PushSender;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Promise<TickResult> {
  const { db, now, sender, log } = options;
  const result: TickResult = { reminded: 0, remindedOfMeasures: 0, sent: 0, removed: 0 };
  const due = (await listReminderCandidates(db)).flatMap((row) => {
    const day = reminderDueDay(
      { enabled: true, time: row.time, weekdays: row.weekdays },
      now,
      row.timeZone,
    );
    return day && (row.remindedOn === null || row.remindedOn < day) ? [{ ...row, day }] : [];
  });
  // The questionnaire reminder (decision 083): every two weeks, at the daily reminder's time.
  const dueMeasures = (await listMeasureReminderCandidates(db)).flatMap((row) => {
    const day = measureReminderDueDay(
      { enabled: true, time: row.time, weekdays: row.weekdays },
      row.lastTakenOn,
      row.remindedOn,
      now,
      row.timeZone,
    );
    return day ? [{ ...row, day }] : [];
  });

  const sendOne = async (
    target: Awaited<ReturnType<typeof listSubscriptionsOfUser>>[number],
    payload: string,
  ) => {
    try {
      const outcome = await sender.send(target, payload);
      if ('refused' in outcome) {
        await deleteSubscriptionById(db, target.id);
        result.removed += 1;
        log.warn(
          { reason: outcome.refused },
          'removed a push subscription that is no push service',
        );
      } else if (outcome.status === 404 || outcome.status === 410) {
        await deleteSubscriptionById(db, target.id);
        result.removed += 1;
      } else if (outcome.status >= 200 && outcome.status < 300) {
        result.sent += 1;
      } else {
        log.warn({ status: outcome.status }, 'a push service refused a reminder');
      }
    } catch (err) {
      log.warn({ err }, 'a reminder could not reach its push service');
    }
  };

  const sendToDevices = async (userId: string, payload: string) => {
    const devices = await listSubscriptionsOfUser(db, userId);
    await Promise.all(devices.map((device) => sendOne(device, payload)));
  };
  const remindOne = async (user: (typeof due)[number]) => {
    if (!(await claimReminderDay(db, user.userId, user.day))) return;
    result.reminded += 1;
    await sendToDevices(user.userId, REMINDER_PAYLOAD);
  };
  const remindOfMeasures = async (user: (typeof dueMeasures)[number]) => {
    const since = addDays(user.day, -MEASURE_REMINDER_DAYS);
    if (!(await claimMeasureReminderDay(db, user.userId, user.day, since))) return;
    result.remindedOfMeasures += 1;
    await sendToDevices(user.userId, MEASURE_REMINDER_PAYLOAD);
  };

  // A few workers take the next user as each finishes, so one slow push service holds one worker
  // for at most the send's timeout, not a whole batch.
  const waiting: (() => Promise<void>)[] = [
    ...due.map((user) => () => remindOne(user)),
    ...dueMeasures.map((user) => () => remindOfMeasures(user)),
  ];
  const work = async () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) await next();
  };
  await Promise.all(Array.from({ length: USERS_AT_ONCE }, work));
  if (result.reminded + result.remindedOfMeasures > 0) {
    log.info({ reminders: result }, 'sent reminders');
  }
  return result;
}
