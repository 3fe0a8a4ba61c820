// Types of the axios modules src/host/axiosCore.ts imports by path (axios ships no types for
// its `unsafe/*` export): each is the value the package's entry re-exports under that name.
declare module 'axios/unsafe/core/Axios.js' {
  import type { Axios } from 'axios';
  const value: typeof Axios;
  export default value;
}
declare module 'axios/unsafe/core/mergeConfig.js' {
  import type { AxiosDefaults, AxiosRequestConfig, CreateAxiosDefaults } from 'axios';
  /** The defaults first, the instance's config over them (as `axios.create` merges them). */
  export default function mergeConfig(
    defaults: AxiosDefaults,
    config: CreateAxiosDefaults,
  ): AxiosRequestConfig;
}
declare module 'axios/unsafe/defaults/index.js' {
  import type { AxiosDefaults } from 'axios';
  const value: AxiosDefaults;
  export default value;
}
declare module 'axios/unsafe/core/AxiosError.js' {
  import type { AxiosError } from 'axios';
  const value: typeof AxiosError;
  export default value;
}
declare module 'axios/unsafe/core/AxiosHeaders.js' {
  import type { AxiosHeaders } from 'axios';
  const value: typeof AxiosHeaders;
  export default value;
}
declare module 'axios/unsafe/cancel/CanceledError.js' {
  import type { CanceledError } from 'axios';
  const value: typeof CanceledError;
  export default value;
}
declare module 'axios/unsafe/cancel/isCancel.js' {
  import type { isCancel } from 'axios';
  const value: typeof isCancel;
  export default value;
}
