import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from './config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('needs nothing: PGlite under ./data, the embedded sign-in, port 3000 on localhost', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: expect.stringMatching(/data\/db$/),
    });
    expect(config.oidc).toMatchObject({ embedded: true, issuer: 'http://localhost:3000/oidc' });
    expect(config.seedDemo).toBe(true);
  });

  it('reports every bad value at once, each with its variable and value', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://x',
      ADMIN_EMAILS: 'a@b.cl, nope',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT="70000": must be between 0 and 65535/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL="mysql:\/\/x": must be a postgres:\/\//);
    expect(problems.join('\n')).toMatch(/ADMIN_EMAILS/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });

  it('needs a client id and an audience with an external issuer, reported with the other problems', () => {
    const problems = problemsOf({ OIDC_ISSUER: 'https://auth.example.cl/realms/bec', PORT: 'x' });
    expect(problems).toEqual([
      'PORT="x": must be a port number',
      'OIDC_CLIENT_ID=(unset): is required when OIDC_ISSUER is set',
      'OIDC_AUDIENCE=(unset): is required when OIDC_ISSUER is set',
    ]);
  });

  it('names the variable and its whole value when one item of a list is bad', () => {
    expect(problemsOf({ OIDC_ALGORITHMS: 'RS256,none' })).toEqual([
      expect.stringMatching(/^OIDC_ALGORITHMS="RS256,none": /),
    ]);
  });

  it('loads demo listings by default only with the development sign-in', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
    const external = {
      OIDC_ISSUER: 'https://id.example.cl',
      OIDC_CLIENT_ID: 'web',
      OIDC_AUDIENCE: 'api',
    };
    expect(loadConfig(external).seedDemo).toBe(false);
    expect(loadConfig({ ...external, SEED_DEMO: 'yes' }).seedDemo).toBe(true);
  });

  it('refuses to expose the development sign-in beyond this machine unless told to', () => {
    expect(problemsOf({ HOST: '0.0.0.0' })[0]).toMatch(/development sign-in/);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEV_SIGNIN: '1' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        HOST: '0.0.0.0',
        OIDC_ISSUER: 'https://id.example.cl',
        OIDC_CLIENT_ID: 'web',
        OIDC_AUDIENCE: 'api',
      }).oidc.embedded,
    ).toBe(false);
  });

  it('fetches the UF from mindicador in production, nothing with the development sign-in', () => {
    const external = {
      OIDC_ISSUER: 'https://id.example.cl',
      OIDC_CLIENT_ID: 'web',
      OIDC_AUDIENCE: 'api',
    };
    expect(loadConfig({}).uf).toEqual({
      source: 'none',
      url: null,
      cmfApiKey: null,
      refreshMs: 3_600_000,
      timeoutMs: 10_000,
    });
    expect(loadConfig(external).uf.source).toBe('mindicador');
    expect(loadConfig({ ...external, UF_SOURCE: 'none' }).uf.source).toBe('none');
    expect(
      loadConfig({
        UF_SOURCE: 'cmf',
        CMF_API_KEY: 'k',
        UF_SOURCE_URL: 'http://127.0.0.1:9/cmf/',
        UF_REFRESH_MINUTES: '15',
        UF_SOURCE_TIMEOUT: '2.5',
      }).uf,
    ).toEqual({
      source: 'cmf',
      url: 'http://127.0.0.1:9/cmf',
      cmfApiKey: 'k',
      refreshMs: 900_000,
      timeoutMs: 2500,
    });
  });

  it('refuses a UF source it does not know, bad intervals, and CMF without its key', () => {
    expect(
      problemsOf({
        UF_SOURCE: 'bcentral',
        UF_SOURCE_URL: 'ftp://x',
        UF_REFRESH_MINUTES: '0',
        UF_SOURCE_TIMEOUT: 'soon',
      }),
    ).toEqual([
      'UF_SOURCE="bcentral": must be cmf, mindicador or none',
      'UF_SOURCE_URL="ftp://x": must be an http(s) URL',
      'UF_REFRESH_MINUTES="0": must be between 1 and 1440 minutes',
      'UF_SOURCE_TIMEOUT="soon": must be a number of seconds',
    ]);
    expect(problemsOf({ UF_SOURCE: 'cmf' })).toEqual([
      'CMF_API_KEY=(unset): is required when UF_SOURCE=cmf (ask for a free key at api.cmfchile.cl)',
    ]);
  });

  it('collects unattached uploads hourly, or every UPLOAD_COLLECTION_SECONDS (1 s to a day)', () => {
    expect(loadConfig({}).photos).toEqual({ maxBytes: 25 * 1024 * 1024, collectionMs: 3_600_000 });
    expect(loadConfig({ UPLOAD_COLLECTION_SECONDS: '1' }).photos.collectionMs).toBe(1000);
    expect(loadConfig({ UPLOAD_COLLECTION_SECONDS: '86400' }).photos.collectionMs).toBe(86_400_000);
    expect(
      ['0', '86401', '1.5', 'hourly', '-60'].flatMap((value) =>
        problemsOf({ UPLOAD_COLLECTION_SECONDS: value }),
      ),
    ).toEqual([
      'UPLOAD_COLLECTION_SECONDS="0": must be between 1 and 86400 seconds',
      'UPLOAD_COLLECTION_SECONDS="86401": must be between 1 and 86400 seconds',
      'UPLOAD_COLLECTION_SECONDS="1.5": must be a whole number of seconds',
      'UPLOAD_COLLECTION_SECONDS="hourly": must be a number of seconds',
      'UPLOAD_COLLECTION_SECONDS="-60": must be between 1 and 86400 seconds',
    ]);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/bec' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/bec',
      poolSize: 5,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@db/bec', DATABASE_TIMEOUT: '1.5' }).database,
    ).toMatchObject({ timeoutMs: 1500 });
  });

  it('bounds every call to S3: 10 s and 3 tries by default, S3_TIMEOUT and S3_MAX_ATTEMPTS checked', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'bec-photos' };
    expect(loadConfig(s3).storage).toMatchObject({ kind: 's3', timeoutMs: 10_000, maxAttempts: 3 });
    expect(loadConfig({ ...s3, S3_TIMEOUT: '2.5', S3_MAX_ATTEMPTS: '1' }).storage).toMatchObject({
      timeoutMs: 2500,
      maxAttempts: 1,
    });
    expect(
      ['0.1', '601', 'soon'].flatMap((value) => problemsOf({ ...s3, S3_TIMEOUT: value })),
    ).toEqual([
      'S3_TIMEOUT="0.1": must be between 0.5 and 600 seconds',
      'S3_TIMEOUT="601": must be between 0.5 and 600 seconds',
      'S3_TIMEOUT="soon": must be a number of seconds',
    ]);
    expect(
      ['0', '11', '2.5'].flatMap((value) => problemsOf({ ...s3, S3_MAX_ATTEMPTS: value })),
    ).toEqual([
      'S3_MAX_ATTEMPTS="0": must be a whole number between 1 and 10',
      'S3_MAX_ATTEMPTS="11": must be a whole number between 1 and 10',
      'S3_MAX_ATTEMPTS="2.5": must be a whole number between 1 and 10',
    ]);
  });

  it("draws maps on OpenStreetMap's standard tiles by default, credited with a link", () => {
    expect(loadConfig({}).map).toEqual({
      tilesUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: [
        { text: '© ', href: null },
        { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
      ],
    });
    expect(
      loadConfig({
        MAP_TILES_URL: 'http://127.0.0.1:3199/{s}/{z}/{x}/{y}{r}.png',
        MAP_TILES_ATTRIBUTION:
          'Tiles: [Acme](https://acme.example/terms), data [OSM](http://osm.example) & co.',
      }).map,
    ).toEqual({
      tilesUrl: 'http://127.0.0.1:3199/{s}/{z}/{x}/{y}{r}.png',
      attribution: [
        { text: 'Tiles: ', href: null },
        { text: 'Acme', href: 'https://acme.example/terms' },
        { text: ', data ', href: null },
        { text: 'OSM', href: 'http://osm.example' },
        { text: ' & co.', href: null },
      ],
    });
    // Text only: markup stays text, for the web app to show as such.
    expect(loadConfig({ MAP_TILES_ATTRIBUTION: '<b>Mapas</b>' }).map.attribution).toEqual([
      { text: '<b>Mapas</b>', href: null },
    ]);
  });

  it('refuses a tile URL that is no http(s) template with {z}, {x} and {y}, and an empty credit', () => {
    for (const url of [
      'tile.openstreetmap.org/{z}/{x}/{y}.png',
      'ftp://tiles.example/{z}/{x}/{y}.png',
      'https://tiles.example/{z}/{x}.png',
      'https://tiles.example/{z}/{x}/{y}.png?key={apikey}',
      'https://{z}.tiles.example/{x}/{y}.png',
      '',
    ]) {
      expect(problemsOf({ MAP_TILES_URL: url }), url).toEqual([
        expect.stringMatching(
          /^MAP_TILES_URL=".*": must be an http\(s\) URL template with \{z\}, \{x\} and \{y\}/,
        ),
      ]);
    }
    expect(problemsOf({ MAP_TILES_ATTRIBUTION: ' ' })).toEqual([
      expect.stringMatching(/^MAP_TILES_ATTRIBUTION=" ": must credit the tiles' provider/),
    ]);
    expect(problemsOf({ MAP_TILES_ATTRIBUTION: '© [OSM](javascript:alert(1))' })).toHaveLength(1);
  });

  it('serves no /metrics unless METRICS_TOKEN or METRICS_LISTEN says where', () => {
    expect(loadConfig({}).metrics).toEqual({ kind: 'off' });
    // Set to nothing (a blank line in .env) is unset.
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_LISTEN: '' }).metrics).toEqual({ kind: 'off' });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ kind: 'token', token });
    expect(loadConfig({ METRICS_LISTEN: '127.0.0.1:9464' }).metrics).toEqual({
      kind: 'listener',
      host: '127.0.0.1',
      port: 9464,
    });
    expect(loadConfig({ METRICS_LISTEN: '[::1]:9464' }).metrics).toMatchObject({ host: '::1' });
    expect(loadConfig({ METRICS_LISTEN: '0.0.0.0:9464' }).metrics).toMatchObject({
      host: '0.0.0.0',
    });
    expect(loadConfig({ METRICS_LISTEN: 'metrics.internal:0' }).metrics).toMatchObject({
      host: 'metrics.internal',
      port: 0,
    });
  });

  it('refuses a short or spaced METRICS_TOKEN and a METRICS_LISTEN that is no host:port', () => {
    expect(problemsOf({ METRICS_TOKEN: 'a'.repeat(31) })).toEqual([
      `METRICS_TOKEN="${'a'.repeat(31)}": must be at least 32 characters (e.g. openssl rand -hex 32)`,
    ]);
    expect(problemsOf({ METRICS_TOKEN: `${'a'.repeat(20)} ${'b'.repeat(20)}` })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN=".*": must be printable ASCII without spaces/),
    ]);
    for (const listen of ['9464', ':9464', '127.0.0.1', '127.0.0.1:70000', '::1:9464', 'a b:1']) {
      expect(problemsOf({ METRICS_LISTEN: listen }), listen).toEqual([
        `METRICS_LISTEN=${JSON.stringify(listen)}: must be host:port with a port up to 65535, e.g. 127.0.0.1:9464 or [::1]:9464`,
      ]);
    }
  });

  it('refuses METRICS_TOKEN with METRICS_LISTEN, and METRICS_LISTEN on the main port', () => {
    expect(problemsOf({ METRICS_TOKEN: 'a'.repeat(32), METRICS_LISTEN: '127.0.0.1:9464' })).toEqual(
      [expect.stringMatching(/^METRICS_TOKEN and METRICS_LISTEN: set one, not both/)],
    );
    expect(problemsOf({ METRICS_LISTEN: '127.0.0.1:3000' })).toEqual([
      'METRICS_LISTEN="127.0.0.1:3000": must use another port than PORT (3000), which serves the app',
    ]);
    expect(problemsOf({ PORT: '8080', METRICS_LISTEN: '10.0.0.5:8080' })).toHaveLength(1);
    expect(loadConfig({ PORT: '8080', METRICS_LISTEN: '10.0.0.5:3000' }).metrics).toMatchObject({
      port: 3000,
    });
  });

  it('limits requests per account and per address by default; 0 turns a limit off', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      account: DEFAULT_RATE_LIMITS.account,
      address: DEFAULT_RATE_LIMITS.address,
    });
    expect(
      loadConfig({
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '120',
        RATE_LIMIT_ACCOUNT_BURST: '10',
        RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
      }).rateLimit,
    ).toEqual({ account: { perMinute: 120, burst: 10 }, address: null });
  });

  it('refuses rate limits that are no whole number in range, naming the variable', () => {
    expect(
      problemsOf({
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '-1',
        RATE_LIMIT_ACCOUNT_BURST: '0',
        RATE_LIMIT_ADDRESS_PER_MINUTE: 'lots',
        RATE_LIMIT_ADDRESS_BURST: '2.5',
      }),
    ).toEqual([
      'RATE_LIMIT_ACCOUNT_PER_MINUTE="-1": must be between 0 (no limit) and 1000000 requests per minute',
      'RATE_LIMIT_ACCOUNT_BURST="0": must be between 1 and 100000 requests',
      'RATE_LIMIT_ADDRESS_PER_MINUTE="lots": must be a number of requests per minute (0: no limit)',
      'RATE_LIMIT_ADDRESS_BURST="2.5": must be a whole number of requests',
    ]);
    expect(problemsOf({ RATE_LIMIT_ADDRESS_PER_MINUTE: '1000001' })).toEqual([
      expect.stringMatching(/^RATE_LIMIT_ADDRESS_PER_MINUTE="1000001": must be between 0/),
    ]);
  });

  it("takes the client's address from the socket unless TRUST_PROXY names the proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,fd00::/8,2001:db8::1' }).trustProxy,
    ).toEqual(['10.0.0.0/8', 'loopback', 'fd00::/8', '2001:db8::1']);
  });

  it('refuses a TRUST_PROXY that trusts everyone, counts hops, or is no address', () => {
    for (const value of ['true', '1', '2', 'yes']) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        expect.stringMatching(
          new RegExp(
            `^TRUST_PROXY="${value}": must name the proxies' addresses .* not a number or true`,
          ),
        ),
      ]);
    }
    for (const value of [
      'proxy.internal',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1/8/1',
      '10.0.0.1,',
    ]) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        `TRUST_PROXY=${JSON.stringify(value)}: must be comma-separated addresses or CIDR ranges of your proxies, or loopback, linklocal, uniquelocal`,
      ]);
    }
  });

  it('takes IMPORT_ALLOW_HOSTS as host names for tests, and refuses it in production', () => {
    expect(loadConfig({}).listingImport.allowHosts).toEqual([]);
    expect(
      loadConfig({ IMPORT_ALLOW_HOSTS: ' LocalHost, page.test ,[::1]' }).listingImport.allowHosts,
    ).toEqual(['localhost', 'page.test', '[::1]']);
    for (const value of ['http://localhost', 'localhost:3000', 'a/b', 'a b']) {
      expect(problemsOf({ IMPORT_ALLOW_HOSTS: value }), value).toEqual([
        expect.stringMatching(
          /^IMPORT_ALLOW_HOSTS=.*: must be a comma-separated list of host names/,
        ),
      ]);
    }
    expect(problemsOf({ IMPORT_ALLOW_HOSTS: 'localhost', NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(
        /^IMPORT_ALLOW_HOSTS="localhost": is for tests only and refused when NODE_ENV=production/,
      ),
    ]);
    expect(problemsOf({ IMPORT_ALLOW_HOSTS: '', NODE_ENV: 'production' })).toEqual([]);
  });

  it('sends alert mail only with SMTP_URL, from MAIL_FROM or no-reply at the public host', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: '' }).mail).toBeNull();
    expect(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://bec.example.cl' }).mail,
    ).toEqual({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'BEC <no-reply@bec.example.cl>' });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.test:465', MAIL_FROM: 'BEC <alertas@x.cl>' }).mail
        ?.from,
    ).toBe('BEC <alertas@x.cl>');
    expect(problemsOf({ SMTP_URL: 'http://mail.test', MAIL_FROM: 'nobody' })).toEqual([
      expect.stringMatching(
        /^SMTP_URL="http:\/\/mail.test": must be an smtp:\/\/ or smtps:\/\/ URL/,
      ),
      expect.stringMatching(/^MAIL_FROM="nobody": must be an address/),
    ]);
  });
});
