import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppSignInRequest,
  AuthenticatorConfirmRequest,
  AuthenticatorPasswordRequest,
  AuthenticatorSetupAnswer,
  CodeRequest,
  TwoFactorCodeRequest,
  ConfirmAnswer,
  LoginAnswer,
  LoginRequest,
  RecoveryCodesAnswer,
  RegisterAnswer,
  RegisterRequest,
  RequestResetRequest,
  ResetPasswordRequest,
  SendConfirmAnswer,
  SessionsAnswer,
  StatusAnswer,
  TwoFactorAnswer,
  WhoamiAnswer,
  WhoamiQuery,
} from '../../../common/auth/schemas';
import { IdParams } from '../../../common/params';
import { requireUser } from './policy';
import { presentMe, visitor } from './presenter';
import { confirmAuthenticator, removeAuthenticator, signInWithApp, startAuthenticator } from './authenticator';
import * as auth from './service';
import { logout, mySessions, signOutOtherSessions, signOutSession } from './session-commands';

/** The auth and account calls: registration, sign-in, codes, resets, sessions. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/auth/whoami', { schema: { querystring: WhoamiQuery, response: { 200: WhoamiAnswer } } }, async (req) => {
    if (!req.user) return visitor;
    return presentMe(await auth.recordVisit(ctx, req.user, req.query.tz));
  });

  app.post('/auth/register', { schema: { body: RegisterRequest, response: { 200: RegisterAnswer } } }, async (req) =>
    auth.register(ctx, req.ip, req.body),
  );

  app.post('/auth/login', { schema: { body: LoginRequest, response: { 200: LoginAnswer } } }, async (req) =>
    auth.login(ctx, req.ip, req.body.user.email, req.body.user.password),
  );

  app.post('/auth/confirm', { schema: { body: CodeRequest, response: { 200: ConfirmAnswer } } }, async (req) =>
    auth.confirmEmail(ctx, req.ip, req.body, {
      signedInAs: req.user?.id,
      keepTokenHash: req.sessionTokenHash ?? undefined,
    }),
  );

  app.post('/auth/2fa', { schema: { body: TwoFactorCodeRequest, response: { 200: TwoFactorAnswer } } }, async (req) =>
    auth.confirmTwoFactor(ctx, req.ip, req.body),
  );

  /** The second step with an authenticator app, or a recovery code. */
  app.post('/auth/2fa/app', { schema: { body: AppSignInRequest, response: { 200: TwoFactorAnswer } } }, async (req) =>
    signInWithApp(ctx, req.ip, req.body),
  );

  app.post(
    '/app/two-factor/app/start',
    { schema: { body: AuthenticatorPasswordRequest, response: { 200: AuthenticatorSetupAnswer } } },
    async (req) => startAuthenticator(ctx, requireUser(req), req.body.currentPassword),
  );
  app.post(
    '/app/two-factor/app/confirm',
    { schema: { body: AuthenticatorConfirmRequest, response: { 200: RecoveryCodesAnswer } } },
    async (req) => confirmAuthenticator(ctx, requireUser(req), req.body.code),
  );
  app.post(
    '/app/two-factor/app/remove',
    { schema: { body: AuthenticatorPasswordRequest, response: { 200: StatusAnswer } } },
    async (req) => removeAuthenticator(ctx, requireUser(req), req.body.currentPassword),
  );

  app.post(
    '/auth/request-token',
    { schema: { body: RequestResetRequest, response: { 200: StatusAnswer } } },
    async (req) => auth.requestReset(ctx, req.ip, req.body.email),
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: ResetPasswordRequest, response: { 200: StatusAnswer } } },
    async (req) => auth.resetPassword(ctx, req.ip, req.body),
  );

  app.post('/auth/logout', { schema: { response: { 200: StatusAnswer } } }, async (req) => {
    await logout(ctx, req.sessionTokenHash);
    return { status: 'logged_out' };
  });

  app.get('/app/send-confirm', { schema: { response: { 200: SendConfirmAnswer } } }, async (req) =>
    auth.resendConfirmation(ctx, requireUser(req)),
  );

  /** Settings: my sessions, with the device and last use of each. */
  app.get('/app/sessions', { schema: { response: { 200: SessionsAnswer } } }, async (req) =>
    mySessions(ctx, requireUser(req).id, req.sessionTokenHash),
  );

  /** 'Sign out other sessions': every session but this one ends, and their live sockets close. */
  app.post('/app/sessions/sign-out-others', { schema: { response: { 200: SessionsAnswer } } }, async (req) => {
    return signOutOtherSessions(ctx, requireUser(req).id, req.sessionTokenHash);
  });

  /** Signs one of my sessions out (not found when it is not mine). */
  app.delete('/app/sessions/:id', { schema: { params: IdParams, response: { 200: SessionsAnswer } } }, async (req) => {
    return signOutSession(ctx, requireUser(req).id, req.params.id, req.sessionTokenHash);
  });
};
