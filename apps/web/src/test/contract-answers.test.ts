import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { contractViolations } from './contract-answers';
import { buildGoal, buildUser } from './factories';
import { failure, mockApi } from './test-utils';

describe('the mocked API', () => {
  it('fails the test, saying where, when an answer is one the shared contract rejects', async () => {
    mockApi({ 'GET /goal': () => ({ ...buildGoal(), target: 'a lot' }) });
    await api.get('/goal', { query: { id: buildUser().id } });
    const violations = contractViolations.splice(0);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(
      /^The mocked GET \/goal answered 200 with what the shared contract rejects: data\.target: /,
    );
  });

  it('checks a failure against the error envelope', async () => {
    mockApi({ 'POST /goal': () => failure(409, 'GOAL_IN_PROGRESS', 'A goal is in progress') });
    await expect(api.post('/goal', { target: 50_000 })).rejects.toThrow('A goal is in progress');
    expect(contractViolations).toEqual([]);
  });

  it('takes every factory as the contract has it', async () => {
    mockApi({ 'GET /goal': () => buildGoal(), 'GET /user': () => buildUser() });
    await api.get('/goal');
    await api.get('/user');
    expect(contractViolations).toEqual([]);
  });
});
