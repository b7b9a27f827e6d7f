import { adminPortalApi } from './client';
import { paths } from './paths';

export interface Recommendation {
  code: string;
  severity: 'SEVERE' | 'WARNING' | 'INFO';
  category: string;
}
/** GET recommendations: the score and the list (`items`; older servers name it `recommendations`). */
export interface RecommendationsAnswer {
  score: number;
  items?: Recommendation[];
  recommendations?: Recommendation[];
}

/** The security center's score and recommendations (the portal's client: a 401 signs out). */
export const getRecommendations = () =>
  adminPortalApi.request<RecommendationsAnswer>(paths.securityCenter.getRecommendations);
