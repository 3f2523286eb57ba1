% Domain Information over Whois protocol
%
% Monic Whois Server Version 1.0

No match for likexian-have-no-money-to-register.mo
