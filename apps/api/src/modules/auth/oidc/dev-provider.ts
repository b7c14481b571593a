import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { CustomFetch } from 'openid-client';
import { z } from 'zod';

/** Where the built-in provider lives on this server. */
export const DEV_OIDC_MOUNT = '/dev-oidc';
export const DEV_OIDC_CLIENT_ID = 'wellspring-dev';

interface DevAccount {
  name: string;
  email: string;
}

const LoginFormSchema = z.object({
  name: z.string().trim().min(1).max(60),
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
});

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Wellspring</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif;
    background: linear-gradient(163deg, #5B4BDB, #9B51E0, #F2994A); color: #1f1d2b; }
  main { background: #fff; border-radius: 16px; box-shadow: 0 10px 30px rgba(0,0,0,.15); padding: 32px;
    width: min(420px, calc(100vw - 32px)); box-sizing: border-box; }
  h1 { margin: 0 0 8px; font-size: 1.5rem; }
  .note { background: #fff4e5; border: 1px solid #f2994a; border-radius: 12px; padding: 12px; margin: 16px 0;
    font-size: .95rem; }
  label { display: block; margin-top: 16px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; margin-top: 6px; padding: 12px; font-size: 1rem;
    border: 1px solid #b9b4cc; border-radius: 12px; }
  input:focus { outline: 3px solid #5B4BDB; outline-offset: 1px; }
  button { margin-top: 24px; width: 100%; padding: 12px; font-size: 1rem; font-weight: 600; color: #fff;
    background: #5B4BDB; border: 0; border-radius: 12px; cursor: pointer; }
  .error { color: #a3261a; margin-top: 12px; }
</style></head><body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, error?: string, values: Partial<DevAccount> = {}): string {
  return page(
    'Development sign-in',
    `<h1>Development sign-in</h1>
<p class="note"><strong>This is a development sign-in, not Google.</strong> It runs inside this
Wellspring server so you can try the product without Google credentials. Any name and email work;
nothing is checked. Do not use it for real accounts.</p>
<form method="post" action="${DEV_OIDC_MOUNT}/interaction/${escapeHtml(uid)}/login">
  <label for="name">Name</label>
  <input id="name" name="name" autocomplete="name" required maxlength="60" value="${escapeHtml(values.name ?? '')}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(values.email ?? '')}">
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <button type="submit">Continue</button>
</form>`,
  );
}

/** How the built-in provider signs its ID tokens. */
const DEV_ID_TOKEN_ALG = 'ES256';

export interface DevProvider {
  issuer: string;
  idTokenAlg: string;
  clientId: string;
  clientSecret: string;
  /** Sends the client's back-channel requests (discovery, token, userinfo) in-process. */
  customFetch: CustomFetch;
}

/**
 * Mounts a real OpenID provider (panva's oidc-provider) under /dev-oidc, with a page that asks for
 * a name and an email. Its state lives in this process's memory: one process, development only.
 */
export async function mountDevProvider(
  app: FastifyInstance,
  options: { publicUrl: string; redirectUri: string; trustProxy: boolean },
): Promise<DevProvider> {
  // It checks nothing (any email opens the account that email opened before): never in production.
  if (app.env.NODE_ENV === 'production') {
    throw new Error('The development sign-in is never mounted in production');
  }
  const issuer = `${options.publicUrl}${DEV_OIDC_MOUNT}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const accounts = new Map<string, DevAccount>();
  // ES256: a P-256 key is made in about a millisecond; an RSA-2048 one took 0.2 to 0.7 s of
  // every start of the server.
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: DEV_ID_TOKEN_ALG };

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: DEV_ID_TOKEN_ALG,
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    interactions: {
      url: (_ctx, interaction) => `${DEV_OIDC_MOUNT}/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: account.name,
          email: account.email,
          email_verified: false,
        }),
      };
    },
    // The product is this provider's only client: sign-in grants its scopes without a consent step.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const oidc = ctx.oidc;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (!oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in problem',
        `<h1>Sign-in problem</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p>
<p><a href="/home/landing">Back to Wellspring</a></p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy;
  const callback = provider.callback();

  await app.register(async (scope) => {
    // The provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (
      request: { raw: IncomingMessage },
      reply: { hijack(): void; raw: never },
    ) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_OIDC_MOUNT.length) || '/';
      await callback(raw, reply.raw);
    };
    scope.all(`${DEV_OIDC_MOUNT}/*`, { schema: { hide: true } }, forward as never);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { uid: string } }>(
      `${DEV_OIDC_MOUNT}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) return reply.code(400).send();
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(loginPage(details.uid));
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${DEV_OIDC_MOUNT}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== request.params.uid) return reply.code(400).send();
        const parsed = LoginFormSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(
              loginPage(details.uid, 'Enter a name and a valid email address.', request.body ?? {}),
            );
        }
        const accountId = createHash('sha256').update(parsed.data.email).digest('hex').slice(0, 32);
        accounts.set(accountId, parsed.data);
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId } },
          {
            mergeWithLastSubmission: false,
          },
        );
      },
    );
  });

  const customFetch: CustomFetch = async (url, init) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      // The provider writes its endpoint URLs from the Host it is asked on.
      headers: { ...headers, host: target.host },
      ...(body !== undefined ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) value.forEach((v) => out.append(key, String(v)));
      else if (value !== undefined) out.set(key, String(value));
    }
    const isEmpty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(isEmpty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };

  app.log.warn(
    { issuer },
    'Sign-in uses the built-in development OpenID provider (no OIDC_CLIENT_ID is set). ' +
      'It is for local use only: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for Google.',
  );
  return {
    issuer,
    clientId: DEV_OIDC_CLIENT_ID,
    clientSecret,
    idTokenAlg: DEV_ID_TOKEN_ALG,
    customFetch,
  };
}
