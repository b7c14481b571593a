import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A host name, perhaps `*.`-led; IP addresses never match (their last label is all digits). */
const PUSH_HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z]([a-z0-9-]*[a-z0-9])?$/;

/**
 * Where the support card points in a crisis (decision 083): a name and a phone number or a link
 * each. Without the setting, an international directory of helplines.
 */
export const DEFAULT_SUPPORT_RESOURCES = [
  {
    name: 'Find a Helpline: free, confidential support in your country',
    phone: null,
    url: 'https://findahelpline.com',
  },
];

const SupportResourcesSchema = z
  .array(
    z
      .strictObject({
        name: z.string().trim().min(1).max(120),
        phone: z
          .string()
          .regex(
            /^\+?[0-9][0-9 ()-]{1,28}$/,
            'a phone number: digits, spaces, ( ) - and a leading +',
          )
          .nullable()
          .default(null),
        url: z
          .url({ protocol: /^https?$/ })
          .nullable()
          .default(null),
      })
      .refine((r) => r.phone !== null || r.url !== null, 'each resource has a phone or a url'),
  )
  .min(1)
  .max(10);

const GOOGLE_ISSUER_URL = 'https://accounts.google.com';
const GOOGLE_PICTURE_ORIGIN = 'https://lh3.googleusercontent.com';

/** Every setting the server reads from the environment, with its default. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    CORS_ORIGINS: optionalString,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    TRUST_PROXY: booleanString.default(false),
    WEB_DIST_DIR: optionalString,
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Importing from another app (decision 080): the largest file, in MB. */
    IMPORT_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(50),
    IMPORT_BACKUP_MAX_MB: z.coerce.number().int().min(1).max(4096).default(1024),
    /** ... the most entries a file may hold. */
    IMPORT_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
    /** ... the longest row of a file, in characters. */
    IMPORT_MAX_LINE_BYTES: z.coerce.number().int().min(1_000).max(10_000_000).default(100_000),
    /** JSON: [{"name", "phone" or "url"}], the crisis resources (decision 083). */
    SUPPORT_RESOURCES: optionalString
      .transform((text, ctx) => {
        if (text === undefined) return DEFAULT_SUPPORT_RESOURCES;
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(SupportResourcesSchema),
    /** The bearer token GET /metrics answers to; unset, /metrics is not served (decision 044). */
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, 'must be at least 16 characters (a long random string)').optional(),
    ),
    OIDC_ISSUER: optionalString.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_PICTURE_ORIGINS: optionalString,
    DATA_ENCRYPTION_KEY: optionalString,
    /** Where mail goes out: smtp://user:pass@host:587 or smtps://…; unset, mail goes to files. */
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).max(320).default('Wellspring <no-reply@localhost>'),
    /** 'off': password accounts stay unverified and are never linked to a Google identity. */
    EMAIL_VERIFICATION: z.enum(['on', 'off']).default('on'),
    /**
     * Web Push (decision 041): the VAPID key pair, base64url; unset, made at first start in
     * DATA_DIR.
     */
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    /** Who push services may contact about this server: a mailto: or https: URL. */
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
        .optional(),
    ),
    /**
     * Push services beyond the known ones (decision 063): host names, comma-separated, exact or
     * `*.suffix`; never an IP address.
     */
    PUSH_SERVICE_HOSTS: optionalString.transform((v) =>
      (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
    /** Outside production only: endpoints on loopback (a test push service) may be called. */
    PUSH_ALLOW_LOOPBACK: booleanString.default(false),
  })
  .superRefine((env, ctx) => {
    for (const host of env.PUSH_SERVICE_HOSTS) {
      if (!PUSH_HOST_PATTERN.test(host)) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUSH_SERVICE_HOSTS'],
          message: `"${host}" is not a host name (letters, digits, dots and hyphens; "*." may lead)`,
        });
      }
    }
    if (env.PUSH_ALLOW_LOOPBACK && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_LOOPBACK'],
        message: 'not allowed in production: only real push services are called there',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
      });
    }
    if (env.OIDC_CLIENT_ID && !env.OIDC_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_SECRET'],
        message: 'required with OIDC_CLIENT_ID',
      });
    }
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
    const corsOrigins = (env.CORS_ORIGINS ?? new URL(publicUrl).origin)
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    const oidcIssuer = env.OIDC_CLIENT_ID ? (env.OIDC_ISSUER ?? GOOGLE_ISSUER_URL) : undefined;
    // Pictures may come from the configured provider only (Google serves them from this host).
    const pictureOrigins = (
      env.OIDC_PICTURE_ORIGINS ?? (oidcIssuer === GOOGLE_ISSUER_URL ? GOOGLE_PICTURE_ORIGIN : '')
    )
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      CORS_ORIGINS: corsOrigins,
      OIDC_ISSUER: oidcIssuer,
      OIDC_PICTURE_ORIGINS: pictureOrigins,
    };
  });

export type Env = z.infer<typeof EnvSchema>;

/** Reads and validates the environment; throws one error listing every problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((i) => `  - ${i.path.join('.') || '(environment)'}: ${i.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

/**
 * The server's own check, beyond the shape of each setting: verification and password-reset links
 * must reach people, so a production server needs a mail server, unless the operator turned
 * verification off on purpose. (The command-line tools send no mail and skip it.)
 */
export function assertServerConfig(env: Env): void {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.EMAIL_VERIFICATION !== 'off') {
    throw new Error(
      'Invalid configuration:\n  - SMTP_URL: required in production to send verification and ' +
        'password-reset emails (or set EMAIL_VERIFICATION=off to run without email verification)',
    );
  }
}
