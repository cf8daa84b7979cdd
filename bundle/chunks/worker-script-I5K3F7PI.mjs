import{a,b,c,d}from"./chunk-BCR4CPKK.mjs";import"./chunk-JBJVVJLC.mjs";export{b as isLoadWorkerData,a as loadWorkerData,d as loadWorkerScript,c as setBundleEntry};
