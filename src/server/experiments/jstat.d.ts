// The part of jstat 1.9.6 the experiments use (the package ships no types).
declare module 'jstat' {
  interface JStat {
    normal: {
      inv(p: number, mean: number, sd: number): number;
      cdf(x: number, mean: number, sd: number): number;
    };
    chisquare: { cdf(x: number, dof: number): number };
  }
  const jstat: { jStat: JStat };
  export default jstat;
}
