import type { SignInProviders } from '@wellspring/shared';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../../config/env';
import { OidcClient } from './oidc.service';

/** The sign-in provider of this server, if any, and what the web app is told about it. */
export interface SignInSetup {
  /** Undefined in production without Google credentials: sign-in is by email and password. */
  oidc: OidcClient | undefined;
  providers: SignInProviders;
}

/**
 * Google when OIDC_CLIENT_ID is set. Without it: the built-in development provider, except in
 * production, where it is never mounted (it checks nothing: anyone could open anyone's account)
 * and sign-in is by email and password only.
 */
export async function setUpSignInProvider(app: FastifyInstance, env: Env): Promise<SignInSetup> {
  const redirectUri = `${env.PUBLIC_URL}/auth/callback`;
  if (env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.OIDC_ISSUER) {
    const oidc = new OidcClient({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri,
      allowHttp: env.OIDC_ISSUER.startsWith('http://'),
    });
    return { oidc, providers: { google: true, dev: false } };
  }
  if (env.NODE_ENV === 'production') {
    app.log.info(
      'Google sign-in is not set up (no OIDC_CLIENT_ID): people sign up and log in with email ' +
        'and password, and the Google buttons lead to sign-up with email.',
    );
    return { oidc: undefined, providers: { google: false, dev: false } };
  }
  // Loaded here, never in production: oidc-provider and its Koa stack cost a production start
  // about 35 ms (bundled), and on Node 20 the package warns of an unsupported runtime.
  const { mountDevProvider } = await import('./dev-provider');
  const dev = await mountDevProvider(app, {
    publicUrl: env.PUBLIC_URL,
    redirectUri,
    trustProxy: env.TRUST_PROXY,
  });
  const oidc = new OidcClient({ ...dev, redirectUri, allowHttp: true });
  return { oidc, providers: { google: false, dev: true } };
}
