import { AppError, type AuthAnswer } from '@wellspring/shared';
import * as client from 'openid-client';
import type { Database, Transaction } from '../../../db/client';
import { generateToken, hashToken } from '../../../lib/tokens';
import { createUserAccount } from '../../user/create-user';
import { findUser } from '../../user/user.repository';
import {
  findIdentityUserId,
  findPasswordAccountVerification,
  insertIdentity,
  insertOidcState,
  takeOidcState,
} from '../auth.repository';
import { signInAnswer } from '../auth.service';
import type { SessionPolicy } from '../session-store';

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
  await insertOidcState(db, {
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
    /** EMAIL_VERIFICATION: false when the server does not verify emails (then nothing links). */
    emailVerification?: boolean;
    /** PUBLIC_URL: the URLs in userData are absolute, on it. */
    publicUrl: string;
    log: (e: unknown) => void;
  },
): Promise<AuthAnswer> {
  if (!input.binding) throw new AppError('OIDC_FAILED', FAILED);
  const pending = await takeOidcState(
    db,
    hashToken(input.state),
    hashToken(input.binding),
    ctx.now,
  );
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

  const user = await db.transaction((tx) =>
    findOrCreateIdentityUser(
      tx,
      { issuer, subject, email, emailVerified, name, pictureUrl, timeZone: pending.timeZone },
      { now: ctx.now, emailVerification: ctx.emailVerification ?? true },
    ),
  );
  return signInAnswer(db, user, ctx);
}

/** What a provider said about the person signing in. */
export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  pictureUrl: string | null;
  timeZone: string | null;
}

const NOT_VERIFIED_YET =
  'An account with this email already signs in with a password, and its email is not verified ' +
  'yet. Log in with your password and confirm your email (or use “Forgot password?”); then ' +
  'Google sign-in will work too.';
const PASSWORD_ACCOUNT =
  'An account with this email signs in with a password. Please log in with your email and password.';

/**
 * The user an identity signs in: the one it is linked to; else, for a Google identity with a
 * verified email, the password account of that email, but only once that account's own email is
 * verified (anyone can register any address; only a verified account proves it owns it); else a
 * new user, verified when the provider verified its email. A Google identity whose email belongs
 * to a password account not verified yet (or to any password account, while verification is off)
 * is refused, and nothing is created.
 */
export async function findOrCreateIdentityUser(
  tx: Transaction,
  identity: IdentityClaims,
  ctx: { now: Date; emailVerification: boolean },
) {
  const { issuer, subject, email } = identity;
  const knownUserId = await findIdentityUserId(tx, issuer, subject);
  let userId = knownUserId;
  if (!userId && email && mayLinkByEmail(issuer, identity.emailVerified)) {
    const account = await findPasswordAccountVerification(tx, email);
    if (account) {
      if (!ctx.emailVerification) throw new AppError('ACCOUNT_NOT_VERIFIED', PASSWORD_ACCOUNT);
      if (!account.emailVerifiedAt) throw new AppError('ACCOUNT_NOT_VERIFIED', NOT_VERIFIED_YET);
      userId = account.userId;
    }
  }
  if (!userId) {
    const created = await createUserAccount(
      tx,
      {
        name: identity.name || 'Friend',
        email,
        pictureUrl: identity.pictureUrl,
        timeZone: identity.timeZone ?? undefined,
        // Verified from the start when the provider vouches for the address (Google does); else
        // the owner proves it by the emailed link, like a password account. It matters once the
        // account sets a password: only a verified one is ever linked to by email.
        emailVerifiedAt: identity.emailVerified ? ctx.now : null,
      },
      ctx.now,
    );
    userId = created.id;
  }
  if (knownUserId === undefined) {
    const isLinked = await insertIdentity(tx, {
      userId,
      issuer,
      subject,
      email,
      createdAt: ctx.now,
    });
    // Another sign-in of the same identity won the race: undo this one rather than split the user.
    if (!isLinked) throw new AppError('OIDC_FAILED', FAILED);
  }
  const row = await findUser(tx, userId);
  return row!;
}
