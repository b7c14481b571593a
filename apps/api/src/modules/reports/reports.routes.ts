import {
  CreatedReportLinkAnswerSchema,
  CreateReportLinkBodySchema,
  ErrorBodySchema,
  ReportAnswerSchema,
  ReportLinkListAnswerSchema,
  ReportLinkParamsSchema,
  ReportLinkRevokedAnswerSchema,
  ReportRequestSchema,
  SharedReportAnswerSchema,
  SharedReportBodySchema,
  UserIdQuerySchema,
  type Report,
  type ReportPaper,
} from '@wellspring/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { AUTH_BUDGET } from '../../plugins/external/rate-limit';
import { reportCsv } from './report-csv';
import { renderReportPdf } from './report-pdf';
import {
  createReportLink,
  getReport,
  getReportLinks,
  openSharedReport,
  revokeReportLink,
} from './reports.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const doc = { tags: ['reports'], security: [{ bearer: [] }] };
const shared = { tags: ['reports'] };

/** A clinician's page is private to whoever holds the link, and no search engine keeps it. */
function keepPrivate(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
}

function sendPdf(reply: FastifyReply, report: Report, paper: ReportPaper) {
  return keepPrivate(reply)
    .header('Content-Type', 'application/pdf')
    .header(
      'Content-Disposition',
      `attachment; filename="wellspring-report-${report.from}-to-${report.to}.pdf"`,
    )
    .send(renderReportPdf(report, paper));
}

function sendCsv(reply: FastifyReply, report: Report) {
  return keepPrivate(reply)
    .header('Content-Type', 'text/csv; charset=utf-8; header=present')
    .header(
      'Content-Disposition',
      `attachment; filename="wellspring-report-${report.from}-to-${report.to}.csv"`,
    )
    .send(reportCsv(report));
}

const FILE_DESCRIPTION =
  'The same report as a file: the PDF (A4 or US Letter, tagged, with selectable text) or a CSV ' +
  'of the same numbers. Refusals as POST /reports.';

/** The report a person hands to a clinician, and the read-only link for one (decision 084). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reports',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Your report of a range: the sections chosen, as the preview shows them',
        description:
          'A range that ends after today or spans more than 1,827 days, or a diary entry that is ' +
          'not one of yours in the range, answers 400 REPORT_INVALID.',
        querystring: UserIdQuerySchema,
        body: ReportRequestSchema,
        response: { 200: ReportAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const report = await getReport(app.db, app.diaryVault, auth, request.body, app.clock.now());
      return { status: 'success' as const, data: report };
    },
  );

  app.post(
    '/reports/pdf',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Your report as a PDF',
        description: FILE_DESCRIPTION,
        querystring: UserIdQuerySchema,
        body: ReportRequestSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const report = await getReport(app.db, app.diaryVault, auth, request.body, app.clock.now());
      return sendPdf(reply, report, request.body.paper ?? 'a4');
    },
  );

  app.post(
    '/reports/csv',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Your report as CSV',
        description: FILE_DESCRIPTION,
        querystring: UserIdQuerySchema,
        body: ReportRequestSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const report = await getReport(app.db, app.diaryVault, auth, request.body, app.clock.now());
      return sendCsv(reply, report);
    },
  );

  app.get(
    '/report-links',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Your links for a clinician: the live ones, and those expired in the last 30 days',
        querystring: UserIdQuerySchema,
        response: { 200: ReportLinkListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getReportLinks(app.db, auth, app.clock.now()),
      };
    },
  );

  app.post(
    '/report-links',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Make a read-only link to one report, for 1 to 14 days',
        description:
          'The token is answered this once and rides in the URL’s fragment. At most 10 live ' +
          'links (409 REPORT_LINK_LIMIT); the report is checked as POST /reports checks it.',
        querystring: UserIdQuerySchema,
        body: CreateReportLinkBodySchema,
        response: { 201: CreatedReportLinkAnswerSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await createReportLink(
        app.db,
        app.diaryVault,
        auth,
        request.body,
        app.clock.now(),
        app.env.PUBLIC_URL,
      );
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );

  app.delete(
    '/report-links/:linkId',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Revoke a link at once: it opens nothing from now on',
        querystring: UserIdQuerySchema,
        params: ReportLinkParamsSchema,
        response: { 200: ReportLinkRevokedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      await revokeReportLink(app.db, auth, request.params.linkId);
      return { status: 'success' as const, data: { id: request.params.linkId } };
    },
  );

  // The clinician's side: no account, only the token, sent in a body so that no log keeps it.
  // Under the sign-in budget, as every route that takes a token.
  app.post(
    '/shared-reports/open',
    {
      config: AUTH_BUDGET,
      schema: {
        ...shared,
        summary: 'Open the report a link shows (counted as an opening)',
        description:
          'The token from the link’s fragment. An unknown, expired or revoked token answers ' +
          '404 REPORT_LINK_INVALID. The answer holds that report and nothing of the account.',
        body: SharedReportBodySchema,
        response: { 200: SharedReportAnswerSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      keepPrivate(reply);
      const { report, expiresAt } = await openSharedReport(
        app.db,
        app.diaryVault,
        request.body.token,
        app.clock.now(),
        true,
      );
      return { status: 'success' as const, data: { report, expiresAt } };
    },
  );

  app.post(
    '/shared-reports/pdf',
    {
      config: AUTH_BUDGET,
      schema: {
        ...shared,
        summary: 'The report a link shows, as a PDF',
        body: SharedReportBodySchema,
        response: { 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { report, paper } = await openSharedReport(
        app.db,
        app.diaryVault,
        request.body.token,
        app.clock.now(),
        false,
      );
      return sendPdf(reply, report, paper);
    },
  );

  app.post(
    '/shared-reports/csv',
    {
      config: AUTH_BUDGET,
      schema: {
        ...shared,
        summary: 'The report a link shows, as CSV',
        body: SharedReportBodySchema,
        response: { 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { report } = await openSharedReport(
        app.db,
        app.diaryVault,
        request.body.token,
        app.clock.now(),
        false,
      );
      return sendCsv(reply, report);
    },
  );
};
