import { AppError, type AuthAnswer } from '@wellspring/shared';
import { and, eq, gt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Database } from '../../../db/client';
import { identities, oidcStates, passwordCredentials, users } from '../../../db/schema';
import { generateToken, hashToken } from '../../../lib/tokens';
import { createUserAccount } from '../../user/create-user';
import { signInAnswer } from '../auth.service';
import type { SessionPolicy } from '../session.service';

/** Google's issuer: the only one whose verified emails may link to an existing password account. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** True when a new identity may sign in to the password account with the same email. */
export function mayLinkByEmail(issuer: string, emailVerified: boolean): boolean {
  return issuer === GOOGLE_ISSUER && emailVerified;
}
const STATE_TTL_MS = 10 * 60_000;

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How the provider signs ID tokens, when not RS256 (the default of OpenID Connect). */
  idTokenAlg?: string;
  redirectUri: string;
  /** For the built-in provider: requests to it go in-process instead of over the network. */
  customFetch?: client.CustomFetch;
  allowHttp: boolean;
}

/** Discovers the provider once (and again after a failure) and keeps its configuration. */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(readonly settings: OidcSettings) {}

  getConfiguration(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret, idTokenAlg, customFetch, allowHttp } = this.settings;
      this.configuration = client
        .discovery(
          new URL(issuer),
          clientId,
          {
            client_secret: clientSecret,
            ...(idTokenAlg && { id_token_signed_response_alg: idTokenAlg }),
          },
          client.ClientSecretBasic(clientSecret),
          {
            ...(customFetch ? { [client.customFetch]: customFetch } : {}),
            ...(allowHttp ? { execute: [client.allowInsecureRequests] } : {}),
          },
        )
        .then((config) => {
          if (customFetch) config[client.customFetch] = customFetch;
          return config;
        });
      this.configuration.catch(() => {
        this.configuration = undefined;
      });
    }
    return this.configuration;
  }
}

/** Starts a sign-in: stores state, nonce and verifier, and returns where to send the browser. */
export async function startSignIn(
  db: Database,
  oidc: OidcClient,
  now: Date,
  timeZone: string | undefined,
): Promise<{ redirectTo: string; binding: string }> {
  const config = await oidc.getConfiguration();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const binding = generateToken();
  await db.insert(oidcStates).values({
    stateHash: hashToken(state),
    bindingHash: hashToken(binding),
    nonce,
    codeVerifier,
    timeZone: timeZone ?? null,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: oidc.settings.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { redirectTo: url.href, binding };
}

const FAILED = 'Sign-in could not be completed, please try again';

/**
 * Finishes a sign-in: takes the state once (it must be this browser's and fresh), exchanges the
 * code with the PKCE verifier, verifies the ID token, and finds or creates the user.
 */
export async function finishSignIn(
  db: Database,
  oidc: OidcClient,
  input: { code: string; state: string; iss?: string | undefined; binding: string | undefined },
  ctx: {
    now: Date;
    policy: SessionPolicy;
    userAgent?: string | undefined;
    log: (e: unknown) => void;
  },
): Promise<AuthAnswer> {
  if (!input.binding) throw new AppError('OIDC_FAILED', FAILED);
  const [pending] = await db
    .delete(oidcStates)
    .where(
      and(
        eq(oidcStates.stateHash, hashToken(input.state)),
        eq(oidcStates.bindingHash, hashToken(input.binding)),
        gt(oidcStates.expiresAt, ctx.now),
      ),
    )
    .returning();
  if (!pending) throw new AppError('OIDC_FAILED', FAILED);

  let claims: client.IDToken;
  let userinfo: client.UserInfoResponse | undefined;
  try {
    const config = await oidc.getConfiguration();
    const callback = new URL(oidc.settings.redirectUri);
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    if (input.iss) callback.searchParams.set('iss', input.iss);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: input.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
    if (!claims.email || !claims.name) {
      userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    }
  } catch (error) {
    ctx.log(error);
    throw new AppError('OIDC_FAILED', FAILED);
  }

  const issuer = claims.iss;
  const subject = claims.sub;
  const email = String(claims.email ?? userinfo?.email ?? '').toLowerCase();
  const emailVerified = (claims.email_verified ?? userinfo?.email_verified) === true;
  const name = String(claims.name ?? userinfo?.name ?? email.split('@')[0] ?? 'Friend').slice(
    0,
    60,
  );
  const picture = claims.picture ?? userinfo?.picture;
  const pictureUrl = typeof picture === 'string' && picture.startsWith('https://') ? picture : null;

  const user = await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ userId: identities.userId })
      .from(identities)
      .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)));
    let userId = known?.userId;
    if (!userId && email && mayLinkByEmail(issuer, emailVerified)) {
      const [account] = await tx
        .select({ userId: passwordCredentials.userId })
        .from(passwordCredentials)
        .where(eq(passwordCredentials.email, email));
      userId = account?.userId;
    }
    if (!userId) {
      const created = await createUserAccount(
        tx,
        { name: name || 'Friend', email, pictureUrl, timeZone: pending.timeZone ?? undefined },
        ctx.now,
      );
      userId = created.id;
    }
    if (!known) {
      const linked = await tx
        .insert(identities)
        .values({ userId, issuer, subject, email, createdAt: ctx.now })
        .onConflictDoNothing()
        .returning({ id: identities.id });
      // Another sign-in of the same identity won the race: undo this one rather than split the user.
      if (linked.length === 0) throw new AppError('OIDC_FAILED', FAILED);
    }
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    return row!;
  });
  return signInAnswer(db, user, ctx);
}
