import {
  CompleteTaskQuerySchema,
  CreateTaskBodySchema,
  ErrorBodySchema,
  GenerateTaskQuerySchema,
  GeneratedTaskAnswerSchema,
  GoalAnswerSchema,
  TaskAnswerSchema,
  TaskIdQuerySchema,
  TaskListAnswerSchema,
  TaskListQuerySchema,
  UserIdQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId, getAuth } from '../../plugins/app/auth';
import { discardTask, restoreTask } from './discard-task';
import { acceptTask, completeTask, generateTask, listTasks } from './task.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const doc = { tags: ['task'], security: [{ bearer: [] }] };

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/task',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'A page of tasks, newest first; without page, the tasks of the current goal, OnGoing first (at most 100); status and a day (ms timestamp) filter it',
        querystring: TaskListQuerySchema,
        response: { 200: TaskListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return { status: 'success' as const, ...(await listTasks(app.db, auth, request.query)) };
    },
  );

  app.post(
    '/task',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Accept a catalogue task as OnGoing',
        querystring: UserIdQuerySchema,
        body: CreateTaskBodySchema,
        response: { 201: TaskAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await acceptTask(app.db, auth, request.body, app.clock.now());
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );

  app.delete(
    '/task',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Discard an OnGoing task',
        querystring: TaskIdQuerySchema,
        response: { 200: TaskAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const data = await discardTask(
        app.db,
        getAuth(request),
        request.query.taskId,
        app.clock.now(),
      );
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/task/restore',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Undo a discard of the last 30 seconds: the same task, OnGoing again (once)',
        querystring: TaskIdQuerySchema,
        response: { 200: TaskAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const data = await restoreTask(
        app.db,
        getAuth(request),
        request.query.taskId,
        app.clock.now(),
      );
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/task/completed',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Complete an OnGoing task; answers the updated goal',
        querystring: CompleteTaskQuerySchema,
        response: { 200: GoalAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.userId);
      const data = await completeTask(app.db, auth, request.query.taskId, app.clock.now());
      return { status: 'success' as const, data };
    },
  );

  app.get(
    '/task/generated',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Suggest a catalogue task for the mood',
        querystring: GenerateTaskQuerySchema,
        response: { 200: GeneratedTaskAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await generateTask(app.db, auth, request.query.mood),
      };
    },
  );
};
