/**
 * The name of every documented operation (its OpenAPI `operationId`), by method and route as
 * Fastify writes it. A generated client names its functions after these, so they are part of the
 * contract: rename one only on purpose. A route missing here stops the document from being built
 * (decision 030).
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'GET /api/health': 'getHealth',
  'GET /api/ready': 'getReadiness',

  'POST /api/v1/auth/register': 'register',
  'POST /api/v1/auth/login': 'logIn',
  'POST /api/v1/auth/logout': 'logOut',
  'POST /api/v1/auth/verify-email': 'verifyEmail',
  'POST /api/v1/auth/verify-email/resend': 'resendVerificationEmail',
  'POST /api/v1/auth/forgot-password': 'requestPasswordReset',
  'POST /api/v1/auth/reset-password': 'resetPassword',
  'GET /api/v1/auth/google/start': 'startGoogleSignIn',
  'GET /api/v1/auth/google': 'exchangeGoogleCode',
  'GET /api/v1/auth/providers': 'getSignInProviders',
  'GET /api/v1/auth/sessions': 'listSessions',
  'DELETE /api/v1/auth/sessions/:sessionId': 'revokeSession',
  'POST /api/v1/auth/sessions/end-others': 'revokeOtherSessions',
  'GET /api/v1/auth/password': 'getPasswordStatus',
  'PUT /api/v1/auth/password': 'setFirstPassword',
  'POST /api/v1/auth/password': 'changePassword',

  'GET /api/v1/user': 'getUser',
  'PATCH /api/v1/user': 'updateUser',

  'GET /api/v1/check-ins': 'listDayCheckIns',
  'POST /api/v1/check-ins': 'createCheckIn',
  'DELETE /api/v1/check-ins/:checkInId': 'deleteCheckIn',

  'GET /api/v1/activities': 'listActivities',
  'POST /api/v1/activities': 'createActivity',
  'PATCH /api/v1/activities/:activityId': 'updateActivity',
  'POST /api/v1/activities/:activityId/merge': 'mergeActivity',

  'GET /api/v1/goal': 'getGoal',
  'GET /api/v1/goal/all': 'listGoals',
  'POST /api/v1/goal': 'createGoal',
  'PATCH /api/v1/goal': 'updateGoal',
  'POST /api/v1/goal/claim': 'claimReward',

  'GET /api/v1/task': 'listTasks',
  'POST /api/v1/task': 'acceptTask',
  'DELETE /api/v1/task': 'discardTask',
  'POST /api/v1/task/restore': 'restoreTask',
  'POST /api/v1/task/completed': 'completeTask',
  'GET /api/v1/task/generated': 'generateTask',

  'GET /api/v1/diary': 'listDiaries',
  'POST /api/v1/diary': 'createDiary',
  'GET /api/v1/diary/search': 'searchDiaries',

  'GET /api/v1/history': 'getHistory',

  'GET /api/v1/insights/calendar': 'getMoodCalendar',
  'GET /api/v1/insights/trends': 'getMoodTrends',
  'GET /api/v1/insights/findings': 'getInsightFindings',
  'GET /api/v1/insights/day': 'getMoodDay',
  'GET /api/v1/insights/support': 'getSupportCard',
  'POST /api/v1/insights/support/dismiss': 'dismissSupportCard',
  'GET /api/v1/insights/feelings': 'getFeelingsByMonth',
  'GET /api/v1/insights/on-this-day': 'getOnThisDay',

  'GET /api/v1/preferences': 'getPreferences',
  'PATCH /api/v1/preferences': 'updatePreferences',
  'GET /api/v1/push/key': 'getPushKey',
  'POST /api/v1/push/subscriptions': 'subscribePush',
  'DELETE /api/v1/push/subscriptions': 'unsubscribePush',

  'GET /api/v1/background': 'listBackgrounds',
  'GET /api/v1/background/user/:userId': 'listOwnedBackgrounds',
  'PATCH /api/v1/background/user': 'selectBackground',

  'GET /api/v1/account/export': 'exportAccount',
  'GET /api/v1/account/export/tasks.csv': 'exportTasksCsv',
  'GET /api/v1/account/export/moods.csv': 'exportMoodsCsv',
  'GET /api/v1/account/export/daylio.csv': 'exportDaylioCsv',
  'GET /api/v1/account/export/pixels.json': 'exportPixelsJson',
  'POST /api/v1/account/import': 'importAccount',
  'POST /api/v1/imports/preview': 'previewImport',
  'POST /api/v1/imports': 'startImport',
  'GET /api/v1/imports': 'listImports',
  'DELETE /api/v1/imports/:importId': 'cancelOrUndoImport',

  'GET /api/v1/measures': 'listMeasures',
  'POST /api/v1/measures/:measure/results': 'recordMeasureResult',
  'GET /api/v1/measure-results': 'listMeasureResults',
  'DELETE /api/v1/measure-results/:resultId': 'deleteMeasureResult',
  'GET /api/v1/support-resources': 'getSupportResources',

  'POST /api/v1/reports': 'getReport',
  'POST /api/v1/reports/pdf': 'downloadReportPdf',
  'POST /api/v1/reports/csv': 'downloadReportCsv',
  'GET /api/v1/report-links': 'listReportLinks',
  'POST /api/v1/report-links': 'createReportLink',
  'DELETE /api/v1/report-links/:linkId': 'revokeReportLink',
  'POST /api/v1/shared-reports/open': 'openSharedReport',
  'POST /api/v1/shared-reports/pdf': 'downloadSharedReportPdf',
  'POST /api/v1/shared-reports/csv': 'downloadSharedReportCsv',
  'DELETE /api/v1/account': 'deleteAccount',
};
