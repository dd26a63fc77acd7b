import { useLocation, useNavigate } from 'react-router';

/** Back to the previous screen; to /community when the group page was opened directly (no history in the app). */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') navigate('/community');
    else navigate(-1);
  };
}
