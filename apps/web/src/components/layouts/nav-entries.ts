import {
  BarChart3,
  BookHeart,
  CalendarHeart,
  Images,
  LayoutDashboard,
  ListTodo,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export type NavVariant = 'wide' | 'compact';

export interface NavEntry {
  label: string;
  Icon: LucideIcon;
  /** Where the entry goes in each navigation. */
  to: Record<NavVariant, string>;
  /** The paths it highlights on, per navigation. */
  activePaths: Record<NavVariant, readonly string[]>;
}

const same = (path: string) => ({ wide: path, compact: path });
const only = (path: string) => ({ wide: [path], compact: [path] });

/** SPEC.md section 2, Navigation: the entries, and the three paths the Task entry highlights on. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    label: 'Dashboard',
    Icon: LayoutDashboard,
    to: same(paths.app.dashboard),
    activePaths: only(paths.app.dashboard),
  },
  {
    label: 'My Diary',
    Icon: BookHeart,
    to: same(paths.app.diary),
    activePaths: only(paths.app.diary),
  },
  {
    label: 'Task',
    Icon: ListTodo,
    to: { wide: paths.app.task.board, compact: paths.app.task.ongoing },
    activePaths: {
      compact: [paths.app.task.ongoing, paths.app.task.root, paths.app.task.completed],
      wide: [paths.app.task.board, paths.app.task.root, paths.app.task.list],
    },
  },
  {
    label: 'Statistics',
    Icon: BarChart3,
    to: same(paths.app.statistics),
    activePaths: only(paths.app.statistics),
  },
  {
    label: 'Insights',
    Icon: CalendarHeart,
    to: same(paths.app.insights),
    activePaths: only(paths.app.insights),
  },
  {
    label: 'Collections',
    Icon: Images,
    to: same(paths.app.collections),
    activePaths: only(paths.app.collections),
  },
];

/** True when the entry highlights on this path in this navigation. */
export function isNavEntryActive(entry: NavEntry, pathname: string, variant: NavVariant): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return entry.activePaths[variant].includes(path);
}
