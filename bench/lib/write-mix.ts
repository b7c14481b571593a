/** The API bench's write mix: accept a catalogue task, then complete it, across the write users. */
import type autocannon from 'autocannon';
import type { SeededUser, Template } from '../../scripts/lib/seed';

/** Accept a catalogue task, then complete it; each loop takes the next write user in turn. */
export function writeMix(users: SeededUser[], templates: Template[]): autocannon.Request[] {
  let turn = 0;
  type Context = { user?: SeededUser; taskId?: string };
  return [
    {
      method: 'POST',
      setupRequest: (request, context) => {
        const ctx = context as Context;
        const user = users[turn % users.length]!;
        // A user's accepts each take a different catalogue task: the warm-up's rounds stop with
        // accepts not yet completed, and picking by turn alone gave a user the same task again
        // whenever templates.length divided users.length (120 and 600 at BENCH_DURATION=4), which
        // the API refused as already on the go.
        const round = Math.floor(turn / users.length);
        const template = templates[(turn + round) % templates.length]!;
        turn += 1;
        ctx.user = user;
        return {
          ...request,
          path: `/api/v1/task?id=${user.id}`,
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            templateId: template.id,
            title: template.title,
            mood: template.mood,
          }),
        };
      },
      onResponse: (status, body, context) => {
        if (status === 201) (context as Context).taskId = JSON.parse(body).data.id;
      },
    },
    {
      method: 'POST',
      // No task accepted: back to the first request (autocannon restarts on a falsy answer).
      setupRequest: (request, context) => {
        const { user, taskId } = context as Context;
        if (!user || !taskId) return null as unknown as autocannon.Request;
        return {
          ...request,
          path: `/api/v1/task/completed?taskId=${taskId}&userId=${user.id}`,
          headers: { authorization: `Bearer ${user.token}` },
          body: undefined,
        };
      },
    },
  ];
}
