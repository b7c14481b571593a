import { AppError } from '@wellspring/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import { updateUser } from '../user/user.repository';
import {
  findOwnedBackground,
  listBackgrounds as listAllBackgrounds,
  listOwnerships,
  type BackgroundRow,
  type OwnershipRow,
} from './background.repository';

/** Every background, by tier then name of its file: the same list for everyone. */
export async function listBackgrounds(db: Database): Promise<BackgroundRow[]> {
  return listAllBackgrounds(db);
}

/** The caller's ownership records, in the order they were acquired. */
export async function listOwnedBackgrounds(
  db: Database,
  auth: AuthContext,
): Promise<OwnershipRow[]> {
  return listOwnerships(db, auth.userId);
}

/** Selects a background the caller owns and answers it; one they do not own is a 404. */
export async function selectBackground(
  db: Database,
  auth: AuthContext,
  backgroundId: string,
): Promise<BackgroundRow> {
  return db.transaction(async (tx) => {
    const background = await findOwnedBackground(tx, auth.userId, backgroundId);
    if (!background) throw new AppError('NOT_FOUND', 'No such background among yours');
    await updateUser(tx, auth.userId, { selectedBackgroundId: backgroundId });
    return background;
  });
}
