var r=/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;function e(u){return u.replace(r,t=>`\\u${t.charCodeAt(0).toString(16).padStart(4,"0")}`)}export{e as a};
