import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  type AttributionPart,
  DEFAULT_MAP_TILES_ATTRIBUTION,
  DEFAULT_MAP_TILES_URL,
  isTileTemplate,
  parseAttribution,
} from './lib/map-tiles.js';
import type { S3Options } from './lib/s3-options.js';

/**
 * Connections per API process. Few connections keep PostgreSQL's backends busy instead of
 * waking a sleeping one for every query: on 2 cores, 5 served the list faster than
 * node-postgres' usual 10, and 20 slower still (ADR 007). Requests beyond it queue in the
 * process, which is cheap.
 */
export const DEFAULT_POOL_SIZE = 5;

/**
 * Seconds a running query may go without a byte from PostgreSQL before its connection is
 * dropped and the request answers 503: a stalled network or server then fails fast instead of
 * holding requests (and the pool) forever. Far above any query BEC runs.
 */
export const DEFAULT_DATABASE_TIMEOUT = 10;

/**
 * Seconds one call to the S3 store may take in all, its tries and its transfer included, before
 * the request answers 503 STORAGE_UNAVAILABLE: reading a 25 MB photo needs 2.5 MB/s, far below
 * what a bucket serves a server; a store that went silent then fails fast (ADR 024).
 */
const DEFAULT_S3_TIMEOUT = 10;
/** Tries per S3 call for failures that pass (a reset connection, a 5xx, throttling): the SDK's. */
const DEFAULT_S3_MAX_ATTEMPTS = 3;

/**
 * Seconds between collections of uploads never attached (on the clock: 3600 runs on the hour, in
 * every process at once; see app.ts).
 */
const DEFAULT_UPLOAD_COLLECTION_SECONDS = 3600;
/**
 * A keyed write's claim still in progress after this long is taken as abandoned (ADR 043, 062):
 * its process died before its writes committed, so running the request again writes it once.
 */
const DEFAULT_IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS = 60;

/** Minutes between fetches of published UF values (shared by every process; see uf.service.ts). */
const DEFAULT_UF_REFRESH_MINUTES = 60;
/** Seconds a UF source may take to answer before the fetch counts as failed. */
const DEFAULT_UF_SOURCE_TIMEOUT = 10;

/**
 * Seconds one listing's text or page may take to read in the reader's threads (ADR 058): a text
 * reads in milliseconds, a large page in a thread just started in well under a second.
 */
const DEFAULT_IMPORT_READ_TIMEOUT = 2;

/**
 * Requests per minute (sustained) and at once (burst), per signed-in account and per client
 * address, in each process: seven times or more what the browser journeys sent at their
 * busiest, far below a flood (ADR 028 has the figures).
 */
export const DEFAULT_RATE_LIMITS = {
  account: { perMinute: 600, burst: 120 },
  address: { perMinute: 600, burst: 300 },
} as const;

const DEFAULT_PORT = 3000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

const flagWords = z.enum(['1', '0', 'true', 'false', 'yes', 'no', ''], {
  error: 'must be 1/0, true/false or yes/no',
});
const flag = flagWords.optional().transform((v) => v === '1' || v === 'true' || v === 'yes');
/** Unset (or empty) stays undefined, so the caller can pick a default that depends on others. */
const optionalFlag = flagWords
  .optional()
  .transform((v) =>
    v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === 'yes',
  );

/** An unset variable, or one set to nothing (`METRICS_TOKEN=` in a .env), is off. */
const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** `host:port`, an IPv6 host in brackets; port 0 picks a free one (tests). */
const HOST_PORT = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/;
const hostPort = z.string().transform((v, ctx) => {
  const match = HOST_PORT.exec(v);
  const port = Number(match?.[3]);
  if (!match || port > 65535) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be host:port with a port up to 65535, e.g. 127.0.0.1:9464 or [::1]:9464',
    });
    return z.NEVER;
  }
  return { host: match[1] ?? match[2] ?? '', port };
});

/** Requests per minute, 0 for no limit. */
const perMinute = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of requests per minute (0: no limit)' })
    .int({ error: 'must be a whole number of requests per minute (0: no limit)' })
    .min(0, { error: 'must be between 0 (no limit) and 1000000 requests per minute' })
    .max(1_000_000, { error: 'must be between 0 (no limit) and 1000000 requests per minute' })
    .default(fallback);
/** Requests at once. */
const burst = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of requests' })
    .int({ error: 'must be a whole number of requests' })
    .min(1, { error: 'must be between 1 and 100000 requests' })
    .max(100_000, { error: 'must be between 1 and 100000 requests' })
    .default(fallback);

/** proxy-addr's names for address ranges, as Fastify's trustProxy takes them. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrRange = (item: string) => {
  if (PROXY_RANGES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  );
};
/**
 * Whose X-Forwarded-For to believe: nobody's (the socket's address), or the proxies named by
 * address or range. Never everyone's, nor a hop count (which Fastify 5 no longer honours): any
 * client could then choose the address it is counted under.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | string[] => {
    const value = (v ?? '').trim();
    if (['', '0', 'false', 'no'].includes(value)) return false;
    const items = value.split(',').map((item) => item.trim());
    if (items.every(isAddressOrRange)) return items;
    ctx.addIssue({
      code: 'custom',
      message: /^(\d+|true|yes)$/.test(value)
        ? "must name the proxies' addresses (e.g. 10.0.0.0/8 or loopback), not a number or true: trusting every address would let any client choose its own"
        : 'must be comma-separated addresses or CIDR ranges of your proxies, or loopback, linklocal, uniquelocal',
    });
    return z.NEVER;
  });

/**
 * Host names a listing import may fetch although they resolve to a refused address (loopback,
 * private, …): for tests that serve a page themselves, never for production (crossProblems).
 */
const hostList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(/^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/, {
        error:
          'must be a comma-separated list of host names (no scheme, port or path), e.g. localhost',
      }),
    ),
  );

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' })));

const EnvSchema = z.object({
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(DEFAULT_PORT),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  DATABASE_TIMEOUT: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.5, { error: 'must be between 0.5 and 600 seconds' })
    .max(600, { error: 'must be between 0.5 and 600 seconds' })
    .default(DEFAULT_DATABASE_TIMEOUT),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().min(1).default('openid profile email offline_access'),
  OIDC_ALGORITHMS: z
    .string()
    .default('RS256,PS256,ES256,EdDSA')
    .transform((v) => v.split(',').map((a) => a.trim()))
    .pipe(
      z
        .array(
          z.enum([
            'RS256',
            'RS384',
            'RS512',
            'PS256',
            'PS384',
            'PS512',
            'ES256',
            'ES384',
            'ES512',
            'EdDSA',
          ]),
        )
        .min(1),
    ),
  ADMIN_EMAILS: emailList,
  ALLOW_DEV_SIGNIN: flag,
  SEED_DEMO: optionalFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z.string().min(3, { error: 'must be a bucket name' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_TIMEOUT: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.5, { error: 'must be between 0.5 and 600 seconds' })
    .max(600, { error: 'must be between 0.5 and 600 seconds' })
    .default(DEFAULT_S3_TIMEOUT),
  S3_MAX_ATTEMPTS: z.coerce
    .number({ error: 'must be a whole number between 1 and 10' })
    .int({ error: 'must be a whole number between 1 and 10' })
    .min(1, { error: 'must be a whole number between 1 and 10' })
    .max(10, { error: 'must be a whole number between 1 and 10' })
    .default(DEFAULT_S3_MAX_ATTEMPTS),
  URL_SIGNING_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  UF_SOURCE: z
    .enum(['cmf', 'mindicador', 'none'], { error: 'must be cmf, mindicador or none' })
    .optional(),
  UF_SOURCE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CMF_API_KEY: z.string().min(1).optional(),
  UF_REFRESH_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(1, { error: 'must be between 1 and 1440 minutes' })
    .max(1440, { error: 'must be between 1 and 1440 minutes' })
    .default(DEFAULT_UF_REFRESH_MINUTES),
  UF_SOURCE_TIMEOUT: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.1, { error: 'must be between 0.1 and 120 seconds' })
    .max(120, { error: 'must be between 0.1 and 120 seconds' })
    .default(DEFAULT_UF_SOURCE_TIMEOUT),
  MAP_TILES_URL: z.string().default(DEFAULT_MAP_TILES_URL).refine(isTileTemplate, {
    error:
      'must be an http(s) URL template with {z}, {x} and {y} (and optionally {s}, {r}), e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  }),
  MAP_TILES_ATTRIBUTION: z
    .string()
    .default(DEFAULT_MAP_TILES_ATTRIBUTION)
    .refine((line) => parseAttribution(line) !== null, {
      error:
        "must credit the tiles' provider as plain text, links written [text](https://…), e.g. © [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)",
    }),
  METRICS_TOKEN: z.preprocess(
    blankIsUnset,
    z
      .string()
      .min(32, { error: 'must be at least 32 characters (e.g. openssl rand -hex 32)' })
      .regex(/^[\x21-\x7e]+$/, {
        error: 'must be printable ASCII without spaces (e.g. openssl rand -hex 32)',
      })
      .optional(),
  ),
  METRICS_LISTEN: z.preprocess(blankIsUnset, hostPort.optional()),
  PHOTO_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive({ error: 'must be positive' })
    .max(200, { error: 'must be at most 200' })
    .default(25),
  UPLOAD_COLLECTION_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be between 1 and 86400 seconds' })
    .max(86_400, { error: 'must be between 1 and 86400 seconds' })
    .default(DEFAULT_UPLOAD_COLLECTION_SECONDS),
  IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be between 1 and 3600 seconds' })
    .max(3600, { error: 'must be between 1 and 3600 seconds' })
    .default(DEFAULT_IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.account.perMinute),
  RATE_LIMIT_ACCOUNT_BURST: burst(DEFAULT_RATE_LIMITS.account.burst),
  RATE_LIMIT_ADDRESS_PER_MINUTE: perMinute(DEFAULT_RATE_LIMITS.address.perMinute),
  RATE_LIMIT_ADDRESS_BURST: burst(DEFAULT_RATE_LIMITS.address.burst),
  TRUST_PROXY: trustProxy,
  IMPORT_ALLOW_HOSTS: hostList,
  IMPORT_READ_TIMEOUT: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.001, { error: 'must be between 0.001 and 60 seconds' })
    .max(60, { error: 'must be between 0.001 and 60 seconds' })
    .default(DEFAULT_IMPORT_READ_TIMEOUT),
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .url({
        protocol: /^smtps?$/,
        error:
          'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
        error: 'must be an address, e.g. alertas@example.com or BEC <alertas@example.com>',
      })
      .optional(),
  ),
});

/** Rules across variables, checked on the raw values so they are reported with all the others. */
function crossProblems(source: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (source.OIDC_ISSUER) {
    for (const key of ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE']) {
      if (!source[key]) problems.push(`${key}=(unset): is required when OIDC_ISSUER is set`);
    }
  }
  if (source.STORAGE === 's3' && !source.S3_BUCKET) {
    problems.push('S3_BUCKET=(unset): is required when STORAGE=s3');
  }
  if (source.UF_SOURCE === 'cmf' && !source.CMF_API_KEY) {
    problems.push(
      'CMF_API_KEY=(unset): is required when UF_SOURCE=cmf (ask for a free key at api.cmfchile.cl)',
    );
  }
  if (source.METRICS_TOKEN && source.METRICS_LISTEN) {
    problems.push(
      'METRICS_TOKEN and METRICS_LISTEN: set one, not both. METRICS_LISTEN serves /metrics on a listener of its own without a token (keep it on a private network); METRICS_TOKEN serves it on the main port to scrapers that send the token',
    );
  }
  const metricsPort = Number(HOST_PORT.exec(source.METRICS_LISTEN ?? '')?.[3] ?? 0);
  const appPort = Number(source.PORT || DEFAULT_PORT);
  if (metricsPort !== 0 && metricsPort === appPort) {
    problems.push(
      `METRICS_LISTEN=${JSON.stringify(source.METRICS_LISTEN)}: must use another port than PORT (${appPort}), which serves the app`,
    );
  }
  if (source.IMPORT_ALLOW_HOSTS?.trim() && source.NODE_ENV === 'production') {
    problems.push(
      `IMPORT_ALLOW_HOSTS=${JSON.stringify(source.IMPORT_ALLOW_HOSTS)}: is for tests only and refused when NODE_ENV=production (it lets a listing import fetch private addresses)`,
    );
  }
  const host = source.HOST || 'localhost';
  const allow = ['1', 'true', 'yes'].includes(source.ALLOW_DEV_SIGNIN ?? '');
  if (!source.OIDC_ISSUER && !isLoopback(host) && !allow) {
    problems.push(
      `HOST=${JSON.stringify(host)}: the development sign-in is on (no OIDC_ISSUER) and must not be reachable from other machines; set OIDC_ISSUER, or ALLOW_DEV_SIGNIN=1 if you really mean it`,
    );
  }
  return problems;
}

/** A sustained rate and a burst; null: no limit. */
type RateLimit = { perMinute: number; burst: number } | null;

export type Config = {
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database:
    | { kind: 'pglite'; dataDir: string | null }
    | { kind: 'postgres'; url: string; poolSize: number; timeoutMs: number };
  oidc: {
    /** True when the embedded development provider stands in for Google. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    scopes: string;
    algorithms: string[];
  };
  adminEmails: string[];
  allowDevSignin: boolean;
  seedDemo: boolean;
  logLevel: string;
  storage: { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Options);
  photos: {
    maxBytes: number;
    /** How often uploads never attached are looked for (on the clock, in every process). */
    collectionMs: number;
  };
  urlSigningSecret: string | undefined;
  /** Idempotency keys (ADR 043): when a claim in progress counts as abandoned. */
  idempotency: { claimTimeoutMs: number };
  uf: {
    /** Where published UF values are fetched from; `none` fetches nothing (values by hand). */
    source: 'cmf' | 'mindicador' | 'none';
    /** The source's base URL instead of its public one (a mirror, a proxy, a test's fake). */
    url: string | null;
    cmfApiKey: string | null;
    refreshMs: number;
    timeoutMs: number;
  };
  /** The map's background tiles (Leaflet's URL template) and the credit they require. */
  map: { tilesUrl: string; attribution: AttributionPart[] };
  /**
   * Where GET /metrics is served: nowhere (neither variable set, the default), on the main port
   * to requests bearing METRICS_TOKEN, or without a token on METRICS_LISTEN's own listener only.
   */
  metrics:
    | { kind: 'off' }
    | { kind: 'token'; token: string }
    | { kind: 'listener'; host: string; port: number };
  /**
   * Requests per process (ADR 028): per signed-in account (the token's subject), and per client
   * address for everything else; probes, scrapes, the web build's files and signed photo links
   * are exempt.
   */
  rateLimit: { account: RateLimit; address: RateLimit };
  /** Fastify's trustProxy: the proxies whose X-Forwarded-For gives the client's address. */
  trustProxy: false | string[];
  /**
   * Saved searches' alert mail (ADR 054): off without SMTP_URL (alerts are in-app only); `from`
   * is MAIL_FROM, else BEC <no-reply@PUBLIC_URL's host>.
   */
  mail: { smtpUrl: string; from: string } | null;
  listingImport: {
    /**
     * Host names fetched even when they resolve to a refused address (IMPORT_ALLOW_HOSTS, tests
     * only; refused in production, logged as a warning at start when set).
     */
    allowHosts: string[];
    /** IMPORT_READ_TIMEOUT: the time one reading may run in the reader's threads (ADR 058). */
    readTimeoutMs: number;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || host.startsWith('127.');

/** Reads the environment once, at start; every bad value is reported, not just the first. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      // List variables report the bad item's index; name the variable and its whole value.
      const key = String(issue.path[0]);
      const value = source[key];
      return `${key}=${value === undefined ? '(unset)' : JSON.stringify(value)}: ${issue.message}`;
    }),
    ...crossProblems(source),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  const publicHost = isLoopback(env.HOST) || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
  const publicUrl = (env.PUBLIC_URL ?? `http://${publicHost}:${env.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  const embedded = !env.OIDC_ISSUER;
  return {
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir,
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          timeoutMs: env.DATABASE_TIMEOUT * 1000,
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    oidc: {
      embedded,
      issuer: (env.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
      clientId: env.OIDC_CLIENT_ID ?? 'bec-web',
      audience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      scopes: env.OIDC_SCOPES,
      algorithms: env.OIDC_ALGORITHMS,
    },
    adminEmails: env.ADMIN_EMAILS,
    allowDevSignin: env.ALLOW_DEV_SIGNIN,
    // Demo listings belong to trying BEC out: on by default only with the development sign-in.
    seedDemo: env.SEED_DEMO ?? embedded,
    logLevel: env.LOG_LEVEL,
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION,
            ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
            ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? {
                  credentials: {
                    accessKeyId: env.S3_ACCESS_KEY_ID,
                    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
                  },
                }
              : {}),
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            timeoutMs: Math.round(env.S3_TIMEOUT * 1000),
            maxAttempts: env.S3_MAX_ATTEMPTS,
          }
        : { kind: 'local', dir: path.join(dataDir, 'photos') },
    photos: {
      maxBytes: Math.round(env.PHOTO_MAX_MB * 1024 * 1024),
      collectionMs: env.UPLOAD_COLLECTION_SECONDS * 1000,
    },
    urlSigningSecret: env.URL_SIGNING_SECRET,
    idempotency: { claimTimeoutMs: env.IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS * 1000 },
    uf: {
      // Production fetches the day's UF; trying BEC out (the development sign-in) stays offline and
      // shows the demo's UF value instead (seeded with the demo listings).
      source: env.UF_SOURCE ?? (embedded ? 'none' : 'mindicador'),
      url: env.UF_SOURCE_URL?.replace(/\/$/, '') ?? null,
      cmfApiKey: env.CMF_API_KEY ?? null,
      refreshMs: Math.round(env.UF_REFRESH_MINUTES * 60_000),
      timeoutMs: Math.round(env.UF_SOURCE_TIMEOUT * 1000),
    },
    map: {
      tilesUrl: env.MAP_TILES_URL,
      attribution: parseAttribution(env.MAP_TILES_ATTRIBUTION) ?? [],
    },
    metrics: env.METRICS_TOKEN
      ? { kind: 'token', token: env.METRICS_TOKEN }
      : env.METRICS_LISTEN
        ? { kind: 'listener', ...env.METRICS_LISTEN }
        : { kind: 'off' },
    rateLimit: {
      account: env.RATE_LIMIT_ACCOUNT_PER_MINUTE
        ? { perMinute: env.RATE_LIMIT_ACCOUNT_PER_MINUTE, burst: env.RATE_LIMIT_ACCOUNT_BURST }
        : null,
      address: env.RATE_LIMIT_ADDRESS_PER_MINUTE
        ? { perMinute: env.RATE_LIMIT_ADDRESS_PER_MINUTE, burst: env.RATE_LIMIT_ADDRESS_BURST }
        : null,
    },
    trustProxy: env.TRUST_PROXY,
    listingImport: {
      allowHosts: env.IMPORT_ALLOW_HOSTS,
      readTimeoutMs: Math.round(env.IMPORT_READ_TIMEOUT * 1000),
    },
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM ?? `BEC <no-reply@${new URL(publicUrl).hostname}>`,
        }
      : null,
  };
}
