// What Tabs tells each of its TabItem children: the panel's ids and whether it is shown.
import { createContext } from 'react';

export interface TabPanelInfo {
  id: string;
  labelledBy: string;
  hidden: boolean;
}

export const TabPanelContext = createContext<TabPanelInfo | null>(null);
