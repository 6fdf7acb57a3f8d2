/**
 * The settings of background work: how many jobs a process runs at once, and how long each table
 * that grows with use keeps its rows (docs/deploy.md, "Retention"). Parsed with the rest of the
 * environment by config.ts, the only reader of process.env.
 */
import { z } from 'zod';

const whole = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number()
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

export const backgroundEnvShape = {
  JOB_CONCURRENCY: whole(1, 64, 4),
  JOB_RETENTION_DAYS: whole(1, 3650, 7),
  SESSION_RETENTION_DAYS: whole(1, 3650, 90),
  RESET_CODE_RETENTION_HOURS: whole(1, 8760, 24),
  LOGIN_FAILURE_RETENTION_HOURS: whole(1, 8760, 24),
  // PayPal retries an undelivered webhook for 3 days: its record must outlive that to keep it idempotent.
  PAYMENT_EVENT_RETENTION_DAYS: whole(7, 3650, 90),
  UNPAID_ORDER_RETENTION_DAYS: whole(7, 3650, 90),
  MAIL_RETENTION_DAYS: whole(1, 3650, 30),
  NOTIFICATION_RETENTION_DAYS: whole(1, 3650, 365),
  SUPPORT_REQUEST_RETENTION_DAYS: whole(1, 3650, 365),
  DELIVERY_HISTORY_MONTHS: whole(4, 120, 13),
};

type BackgroundEnv = { [K in keyof typeof backgroundEnvShape]: number };

export interface BackgroundSettings {
  /** Jobs one process runs at once. */
  jobs: { concurrency: number };
  /**
   * How long rows are kept before the hourly clean-up deletes them (apps/api/src/modules/retention/);
   * `deliveryHistoryMonths` is how many months of delivery history stay daily before becoming monthly totals.
   */
  retention: {
    finishedJobsDays: number;
    sessionsDays: number;
    resetCodesHours: number;
    loginFailuresHours: number;
    paymentEventsDays: number;
    unpaidOrdersDays: number;
    mailDays: number;
    notificationsDays: number;
    supportRequestsDays: number;
    deliveryHistoryMonths: number;
  };
}

export function backgroundSettings(e: BackgroundEnv): BackgroundSettings {
  return {
    jobs: { concurrency: e.JOB_CONCURRENCY },
    retention: {
      finishedJobsDays: e.JOB_RETENTION_DAYS,
      sessionsDays: e.SESSION_RETENTION_DAYS,
      resetCodesHours: e.RESET_CODE_RETENTION_HOURS,
      loginFailuresHours: e.LOGIN_FAILURE_RETENTION_HOURS,
      paymentEventsDays: e.PAYMENT_EVENT_RETENTION_DAYS,
      unpaidOrdersDays: e.UNPAID_ORDER_RETENTION_DAYS,
      mailDays: e.MAIL_RETENTION_DAYS,
      notificationsDays: e.NOTIFICATION_RETENTION_DAYS,
      supportRequestsDays: e.SUPPORT_REQUEST_RETENTION_DAYS,
      deliveryHistoryMonths: e.DELIVERY_HISTORY_MONTHS,
    },
  };
}
